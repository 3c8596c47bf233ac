import type { PaymentMethod } from "@threadfolk/contract/orders";
import { useId } from "react";

/** How each method reads in the radio group (spec section 4: visa is the card, paypal the wallet). */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, { name: string; detail: string }> = {
  visa: { name: "Credit or Debit Card", detail: "Visa, Mastercard, Discover" },
  paypal: { name: "PayPal", detail: "Approve the payment in PayPal" },
};

const ORDER: readonly PaymentMethod[] = ["visa", "paypal"];

type PaymentMethodOptionsProps = {
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  disabled?: boolean;
};

/** The payment step's payment-method radio group (spec section 2): the card or PayPal. */
export function PaymentMethodOptions({ value, onChange, disabled = false }: PaymentMethodOptionsProps) {
  const name = useId();
  return (
    <fieldset disabled={disabled}>
      <legend className="sr-only">Pay with</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {ORDER.map((method) => {
          const checked = method === value;
          const label = PAYMENT_METHOD_LABELS[method];
          return (
            <label
              key={method}
              className={`flex cursor-pointer items-center gap-3 rounded-xl p-3.5 ring-1 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand ${checked ? "bg-brand/5 ring-brand" : "ring-neutral-200 hover:bg-neutral-50"}`}
            >
              <input
                type="radio"
                name={name}
                value={method}
                checked={checked}
                onChange={() => onChange(method)}
                className="size-4 shrink-0 accent-brand focus:outline-none"
              />
              <span className="min-w-0 text-sm">
                <span className="block font-semibold text-neutral-950">{label.name}</span>
                <span className="block text-neutral-600">{label.detail}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
