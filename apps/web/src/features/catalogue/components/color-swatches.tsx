import { COLOR_HEX, colorDisplayName, isDarkColor, type ProductColor } from "@threadfolk/contract/colors";
import { useId } from "react";

type ColorSwatchesProps = {
  colors: ProductColor[];
  value: ProductColor;
  onChange: (color: ProductColor) => void;
};

/**
 * The garment colours as a radio group (native radios: arrow keys move and select, the display name is each
 * one's label); the chosen colour's name shows in the legend. The keyboard focus is a near-black ring outside
 * the white gap and the selection ring, so it reads the same on all 19 colours (a brand-red ring vanished
 * next to red, maroon and the pinks).
 */
export function ColorSwatches({ colors, value, onChange }: ColorSwatchesProps) {
  const name = useId();
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-neutral-900">
        Color: <span className="font-normal text-neutral-700">{colorDisplayName(value)}</span>
      </legend>
      <div className="mt-3 flex flex-wrap gap-2">
        {colors.map((color) => {
          const label = colorDisplayName(color);
          return (
            <label key={color} title={label} className="relative cursor-pointer">
              <input
                type="radio"
                name={name}
                value={color}
                checked={color === value}
                onChange={() => onChange(color)}
                className="peer sr-only"
              />
              <span className="sr-only">{label}</span>
              <span
                aria-hidden="true"
                className="block size-9 rounded-full ring-1 ring-neutral-900/15 ring-offset-2 transition peer-checked:ring-2 peer-checked:ring-neutral-950 peer-focus-visible:outline-[3px] peer-focus-visible:outline-offset-[5px] peer-focus-visible:outline-neutral-950 hover:scale-110"
                style={{ backgroundColor: COLOR_HEX[color] }}
              />
              {color === value && (
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  className={`pointer-events-none absolute inset-0 m-auto size-4 ${isDarkColor(color) ? "text-white" : "text-neutral-900"}`}
                  fill="none"
                  stroke="currentColor"
                  strokeWidth={3}
                  strokeLinecap="round"
                  strokeLinejoin="round"
                >
                  <path d="m5 12.5 4.5 4.5L19 7.5" />
                </svg>
              )}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
