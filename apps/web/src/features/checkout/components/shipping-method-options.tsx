import { DELIVERY_ESTIMATE_NOTE, type ShippingServiceKey } from "@threadfolk/contract/shipping";
import { useId } from "react";
import type { OfferedShippingOption } from "../shipping-method.ts";

type ShippingMethodOptionsProps = {
  options: readonly OfferedShippingOption[];
  /** The shown method (spec section 4's rule). */
  value: ShippingServiceKey | null;
  onChange: (key: ShippingServiceKey) => void;
  disabled?: boolean;
};

/** The payment step's shipping method: one radio per offered option with its price and delivery estimate. */
export function ShippingMethodOptions({ options, value, onChange, disabled = false }: ShippingMethodOptionsProps) {
  const name = useId();
  return (
    <fieldset disabled={disabled} className="rounded-2xl bg-white p-5 ring-1 ring-neutral-900/10 md:p-6">
      <legend className="float-left w-full font-display text-xl font-extrabold tracking-tight text-neutral-950">
        Shipping Method
      </legend>
      {options.length === 0 ? (
        <p className="clear-left pt-3 text-sm text-neutral-600">No shipping option is offered for this order.</p>
      ) : (
        <div className="clear-left space-y-2 pt-4">
          {options.map((option) => {
            const checked = option.key === value;
            return (
              <label
                key={option.key}
                className={`flex cursor-pointer items-center gap-3 rounded-xl p-3.5 ring-1 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand ${checked ? "bg-brand/5 ring-brand" : "ring-neutral-200 hover:bg-neutral-50"}`}
              >
                <input
                  type="radio"
                  name={name}
                  value={option.key}
                  checked={checked}
                  onChange={() => onChange(option.key)}
                  className="size-4 shrink-0 accent-brand focus:outline-none"
                />
                <span className="flex min-w-0 flex-1 items-center justify-between gap-3 text-sm">
                  <span className="min-w-0">
                    <span className="block font-semibold text-neutral-950">{option.displayName}</span>
                    <span className="block text-neutral-600">{option.deliveryEstimate}</span>
                  </span>
                  <span className="shrink-0 font-semibold text-neutral-950">{option.displayCost}</span>
                </span>
              </label>
            );
          })}
        </div>
      )}
      <p className="clear-left pt-3 text-xs text-neutral-500">{DELIVERY_ESTIMATE_NOTE}</p>
    </fieldset>
  );
}
