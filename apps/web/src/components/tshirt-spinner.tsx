/**
 * The full-screen t-shirt spinner (spec section 2): covers the page while the checkout saves, so nothing is
 * pressed twice, and tells screen readers what is happening.
 */
export function TShirtSpinner({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-live="assertive"
      className="fixed inset-0 z-[60] flex flex-col items-center justify-center gap-4 bg-white/75 backdrop-blur-[1px]"
    >
      <svg
        viewBox="0 0 48 48"
        className="size-20 motion-safe:animate-[tshirt-swing_1.1s_ease-in-out_infinite]"
        aria-hidden="true"
      >
        <path
          d="M17 8 8 12.5 4.5 21l6 2.6 2.2-3.2V40h22.6V20.4l2.2 3.2 6-2.6L40 12.5 31 8c-.9 2.9-3.9 4.8-7 4.8S17.9 10.9 17 8Z"
          fill="var(--color-brand)"
          stroke="#fff"
          strokeWidth="1.5"
          strokeLinejoin="round"
        />
        <path d="M16 27h16" stroke="#fff" strokeWidth="1.6" strokeDasharray="2.4 2" />
      </svg>
      <p className="text-sm font-bold tracking-[0.14em] text-neutral-800 uppercase">{label}</p>
    </div>
  );
}
