import { useId } from "react";

/**
 * The gift card or coupon code field with Apply (spec section 2: no behaviour). Codes are not accepted yet, so
 * the field and the button are disabled and say so, rather than taking a code and silently ignoring it.
 */
export function CouponField() {
  const inputId = useId();
  const hintId = useId();
  return (
    <div className="rounded-2xl bg-white p-5 ring-1 ring-neutral-900/10 md:p-6">
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-semibold text-neutral-800">
        Gift card or coupon code
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          type="text"
          disabled
          aria-describedby={hintId}
          className="block h-11 min-w-0 flex-1 rounded-xl border border-neutral-300 bg-neutral-100 px-3.5 text-base text-neutral-500 md:text-[15px]"
        />
        <button
          type="button"
          disabled
          aria-describedby={hintId}
          className="h-11 shrink-0 rounded-full border border-neutral-300 bg-white px-5 text-sm font-bold text-neutral-400"
        >
          Apply
        </button>
      </div>
      <p id={hintId} className="mt-1.5 text-xs text-neutral-500">
        Gift cards and coupon codes are coming soon.
      </p>
    </div>
  );
}
