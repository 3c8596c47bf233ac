import { useState } from "react";

/** A quantity within `min`..`max`; anything that is not a number counts as `min`. */
export function clampQuantity(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.trunc(value)));
}

type QuantityStepperProps = {
  /** The input's id, for the `<label htmlFor>` the caller renders (the label sits where the layout wants it). */
  id: string;
  value: number;
  min: number;
  max: number;
  onChange: (quantity: number) => void;
  /** Ids of texts that describe the control (an error under it). */
  describedBy?: string;
  size?: "regular" | "small";
};

const SIZES = {
  regular: { box: "h-11", button: "w-11 text-xl", input: "w-12 text-[15px]" },
  small: { box: "h-10", button: "w-10 text-lg", input: "w-10 text-sm" },
} as const;

/**
 * A number field between a minus and a plus button (1-10 in the cart). Typing works as well as the buttons:
 * the field keeps what is typed until it leaves, then shows the quantity in force.
 */
export function QuantityStepper({
  id,
  value,
  min,
  max,
  onChange,
  describedBy,
  size = "regular",
}: QuantityStepperProps) {
  // What is being typed, and the quantity it was typed over: a change from outside (a button, the server's
  // answer) replaces whatever was half typed.
  const [typed, setTyped] = useState<{ text: string; over: number }>();
  const look = SIZES[size];
  const shown = typed && typed.over === value ? typed.text : String(value);

  function step(delta: number) {
    onChange(clampQuantity(value + delta, min, max));
  }

  const buttonClass = `flex h-full ${look.button} shrink-0 items-center justify-center rounded-full font-semibold text-neutral-800 transition-colors hover:bg-neutral-100 disabled:cursor-not-allowed disabled:text-neutral-300 disabled:hover:bg-transparent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand`;
  return (
    <div className={`inline-flex ${look.box} items-center rounded-full border border-neutral-300 bg-white`}>
      <button
        type="button"
        aria-label="Decrease quantity"
        aria-controls={id}
        disabled={value <= min}
        onClick={() => step(-1)}
        className={buttonClass}
      >
        <span aria-hidden="true">−</span>
      </button>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={shown}
        aria-describedby={describedBy}
        onChange={(event) => {
          const text = event.target.value;
          const next = Number.parseInt(text, 10);
          const isValid = Number.isFinite(next) && next >= min && next <= max;
          // The text is kept against the quantity it will have set, so it is not replaced while typing.
          setTyped({ text, over: isValid ? next : value });
          if (isValid && next !== value) onChange(next);
        }}
        onBlur={() => setTyped(undefined)}
        className={`h-full ${look.input} appearance-none border-0 bg-transparent text-center font-semibold text-neutral-950 tabular-nums [-moz-appearance:textfield] focus:outline-none focus-visible:rounded-md focus-visible:ring-2 focus-visible:ring-brand/40 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none`}
      />
      <button
        type="button"
        aria-label="Increase quantity"
        aria-controls={id}
        disabled={value >= max}
        onClick={() => step(1)}
        className={buttonClass}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
