import { useId } from "react";

/** The payment methods we take, as generic card marks drawn for this product (no third-party logos). */
export function PaymentCards({ className = "" }: { className?: string }) {
  const titleId = useId();
  return (
    <svg viewBox="0 0 196 36" className={className} role="img" aria-labelledby={titleId} focusable="false">
      <title id={titleId}>We accept credit cards, debit cards and PayPal, in US dollars</title>
      {/* Credit card: chip and embossed number groups. */}
      <g transform="translate(1 1)">
        <rect width="56" height="34" rx="5" fill="#1f2a44" />
        <rect x="7" y="8" width="10" height="8" rx="1.6" fill="#e7c873" />
        <path d="M12 8v8M7 12h10" stroke="#b8973f" strokeWidth="0.8" />
        {[7, 19, 31, 43].map((x) => (
          <rect key={x} x={x} y="22" width="8" height="2.4" rx="1.2" fill="#c9d1e4" />
        ))}
      </g>
      {/* Debit card: the back with its magnetic stripe and signature panel. */}
      <g transform="translate(69 1)">
        <rect width="56" height="34" rx="5" fill="#0f766e" />
        <rect y="6" width="56" height="7" fill="#0b3b37" />
        <rect x="7" y="19" width="30" height="6" rx="1" fill="#e6f4f1" />
        <circle cx="46" cy="22" r="4" fill="none" stroke="#e6f4f1" strokeWidth="1.6" />
      </g>
      {/* Wallet payments: a card tucked in a wallet. */}
      <g transform="translate(137 1)">
        <rect width="56" height="34" rx="5" fill="#f4f1ea" stroke="#d8d2c4" />
        <rect x="14" y="6" width="28" height="12" rx="2" fill="#d7263d" transform="rotate(-8 28 12)" />
        <path d="M10 13h34a3 3 0 0 1 3 3v10a3 3 0 0 1-3 3H10a3 3 0 0 1-3-3V16a3 3 0 0 1 3-3Z" fill="#3b2f2a" />
        <rect x="36" y="18" width="11" height="6" rx="3" fill="#6b5a50" />
        <circle cx="40" cy="21" r="1.3" fill="#f4f1ea" />
      </g>
    </svg>
  );
}
