import type { ReactNode } from "react";

/** The white card each part of an order page sits in. */
export const orderCardClass = "rounded-2xl bg-white p-5 ring-1 ring-neutral-900/10 md:p-6";

/** A card's heading, named by `id` for its section's aria-labelledby. */
export function OrderCardHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} className="font-display text-xl font-extrabold tracking-tight text-neutral-950">
      {children}
    </h2>
  );
}
