import type { ComponentPropsWithRef, ReactNode } from "react";

/** Small pieces the merchandising screens share: inputs, buttons, sections and the up/down buttons of lists. */

export const inputClass =
  "block h-11 w-full rounded-xl border border-neutral-300 bg-white px-3 text-[15px] text-neutral-950 outline-none focus:ring-2 focus:ring-brand";

export function SmallButton({
  tone = "default",
  className = "",
  ...props
}: ComponentPropsWithRef<"button"> & { tone?: "default" | "primary" | "danger" }) {
  const tones = {
    default: "border border-neutral-300 bg-white text-neutral-900 hover:bg-neutral-50",
    primary: "bg-neutral-950 text-white hover:bg-neutral-800",
    danger: "border border-red-300 bg-white text-red-700 hover:bg-red-50",
  };
  return (
    <button
      type="button"
      className={`inline-flex min-h-10 items-center justify-center gap-1 rounded-full px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-50 ${tones[tone]} ${className}`}
      {...props}
    />
  );
}

export function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section className="mb-8 rounded-2xl border border-neutral-200 bg-white p-4 md:p-6">
      <h2 className="font-display text-xl font-extrabold">{title}</h2>
      {description && <p className="mt-1 text-sm text-neutral-700">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

export function FieldLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="mb-1 block text-sm font-semibold text-neutral-800">
      {children}
    </label>
  );
}

export function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}

/** What the last change did (or why it failed), read out by screen readers. */
export function StatusLine({ status }: { status: { kind: "done" | "error"; text: string } | null }) {
  return (
    <p aria-live="polite" className={`min-h-6 text-sm ${status?.kind === "error" ? "text-red-700" : "text-green-800"}`}>
      {status?.text ?? ""}
    </p>
  );
}

/** Move up / Move down buttons of an item in an ordered list (keyboard accessible, named by the item). */
export function MoveButtons({
  name,
  index,
  count,
  disabled,
  onMove,
}: {
  name: string;
  index: number;
  count: number;
  disabled?: boolean;
  onMove: (from: number, to: number) => void;
}) {
  return (
    <span className="flex gap-1">
      <SmallButton
        aria-label={`Move ${name} up`}
        disabled={disabled || index === 0}
        onClick={() => onMove(index, index - 1)}
      >
        <span aria-hidden="true">↑</span>
      </SmallButton>
      <SmallButton
        aria-label={`Move ${name} down`}
        disabled={disabled || index === count - 1}
        onClick={() => onMove(index, index + 1)}
      >
        <span aria-hidden="true">↓</span>
      </SmallButton>
    </span>
  );
}

/** `items` with the one at `from` moved to `to`. */
export function moved<Item>(items: readonly Item[], from: number, to: number): Item[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}
