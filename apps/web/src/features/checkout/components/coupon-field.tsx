import type { AppliedPromoCode } from "@threadfolk/contract/promo-codes";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { controlBorderClass, errorAttributes, fieldErrorId } from "../../../components/form/field.tsx";
import type { PromoCodeControls } from "../hooks/use-promo-code.ts";
import { checkPromoCodeInput } from "../promo-code.ts";

type CouponFieldProps = {
  /** The code on the cart, or null. */
  promoCode: AppliedPromoCode | null;
  /** Why the applied code takes nothing off now (the server's words), or null. */
  promoCodeError: string | null;
  controls: PromoCodeControls;
  /** Another change of the order or a payment is under way: nothing may be applied or removed meanwhile. */
  isLocked: boolean;
};

/**
 * The gift card or coupon code field (spec section 2, given behaviour by decision 034): a code and Apply, checked
 * when applied, the reason a code is refused under the field in red; once applied, the code, what it does and
 * Remove. One code per order, so the field comes back when the code is removed.
 */
export function CouponField({ promoCode, promoCodeError, controls, isLocked }: CouponFieldProps) {
  const inputId = useId();
  const [input, setInput] = useState("");
  const [inputError, setInputError] = useState<string | null>(null);
  const error = inputError ?? controls.refusal;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkPromoCodeInput(input);
    if (!checked.ok) {
      controls.clearRefusal();
      setInputError(checked.message);
      return;
    }
    setInputError(null);
    controls.apply(checked.code, () => setInput(""));
  };

  return (
    <section
      aria-label="Gift card or coupon code"
      className="rounded-2xl bg-white p-5 ring-1 ring-neutral-900/10 md:p-6"
    >
      {promoCode ? (
        <div>
          <p className="text-sm font-semibold text-neutral-800">Gift card or coupon code</p>
          <div className="mt-2 flex items-center justify-between gap-3 rounded-xl bg-emerald-50 px-3.5 py-2.5 ring-1 ring-emerald-200">
            <div className="min-w-0">
              <p className="truncate font-mono text-[15px] font-bold tracking-wide text-emerald-950">
                {promoCode.code}
              </p>
              <p className="text-sm text-emerald-900">{promoCode.description}</p>
            </div>
            <Button
              variant="secondary"
              className="h-10 shrink-0 px-4 text-sm"
              busy={controls.pendingAction === "remove"}
              disabled={isLocked || controls.isPending}
              aria-label={`Remove ${promoCode.code}`}
              onClick={controls.remove}
            >
              Remove
            </Button>
          </div>
          {promoCodeError && <p className="mt-1.5 text-sm text-red-600">{promoCodeError}</p>}
          {controls.refusal && <p className="mt-1.5 text-sm text-red-600">{controls.refusal}</p>}
        </div>
      ) : (
        <form noValidate onSubmit={submit}>
          <label htmlFor={inputId} className="mb-1.5 block text-sm font-semibold text-neutral-800">
            Gift card or coupon code
          </label>
          <div className="flex gap-2">
            <input
              id={inputId}
              type="text"
              name="promoCode"
              value={input}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              maxLength={64}
              {...errorAttributes(inputId, error ?? undefined)}
              onChange={(event) => {
                setInput(event.target.value);
                // The message was about what was there before; the next Apply checks again.
                setInputError(null);
                controls.clearRefusal();
              }}
              className={`block h-11 min-w-0 flex-1 rounded-xl border bg-white px-3.5 text-base uppercase text-neutral-950 outline-none placeholder:normal-case placeholder:text-neutral-400 focus:ring-2 md:text-[15px] ${controlBorderClass(error ?? undefined)}`}
            />
            <Button
              type="submit"
              variant="secondary"
              className="h-11 shrink-0 px-5 text-sm"
              busy={controls.pendingAction === "apply"}
              disabled={isLocked || controls.isPending}
            >
              Apply
            </Button>
          </div>
          {error && (
            <p id={fieldErrorId(inputId)} className="mt-1.5 text-sm text-red-600">
              {error}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
