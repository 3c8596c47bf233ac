import { formatCents } from "@threadfolk/contract/money";
import {
  artistEarningsPerSale,
  type DesignDraftData,
  MAX_PRICE_CENTS,
  priceProblem,
} from "@threadfolk/contract/studio";
import { useId, useState } from "react";
import type { GarmentStyle } from "../api/types.ts";
import { SUGGESTED_MARGIN_CENTS } from "../designer-state.ts";
import { styleName } from "../garment-names.ts";

type Product = NonNullable<DesignDraftData["products"]>[number];

type ProductsStepProps = {
  styles: readonly GarmentStyle[];
  products: readonly Product[];
  defaultStyleKey: string | undefined;
  onProducts: (products: Product[]) => void;
  onDefaultStyle: (key: string) => void;
};

/** Whole cents from what is typed in dollars ("24", "24.5", "$24.99"), or undefined. */
export function parseDollars(text: string): number | undefined {
  const cleaned = text.replace(/[$,\s]/g, "");
  if (!/^\d{1,4}(\.\d{0,2})?$/.test(cleaned)) return undefined;
  return Math.round(Number.parseFloat(cleaned) * 100);
}

/** The Products step: which garment styles are offered, each with its price and what the artist earns. */
export function ProductsStep({ styles, products, defaultStyleKey, onProducts, onDefaultStyle }: ProductsStepProps) {
  const id = useId();
  const productOf = (key: string) => products.find((product) => product.garmentStyleKey === key);
  const setProduct = (key: string, next: Product | undefined) => {
    const rest = products.filter((product) => product.garmentStyleKey !== key);
    const all = next ? [...rest, next] : rest;
    // In the styles' order.
    onProducts(styles.flatMap((style) => all.filter((product) => product.garmentStyleKey === style.attributes.key)));
    if (next && !defaultStyleKey) onDefaultStyle(key);
    if (!next && defaultStyleKey === key) {
      const first = all[0];
      if (first) onDefaultStyle(first.garmentStyleKey);
    }
  };

  return (
    <ul className="space-y-3">
      {styles.map((style) => {
        const { key, fit, baseCostCents } = style.attributes;
        const displayName = styleName(style, styles);
        const product = productOf(key);
        return (
          <li
            key={key}
            className={`rounded-2xl border p-4 ${product ? "border-neutral-300 bg-white" : "border-neutral-200 bg-neutral-50"}`}
          >
            <div className="flex flex-wrap items-center justify-between gap-3">
              <label className="flex cursor-pointer items-center gap-3">
                <input
                  type="checkbox"
                  className="size-5 accent-brand"
                  checked={product !== undefined}
                  onChange={(event) =>
                    setProduct(
                      key,
                      event.currentTarget.checked
                        ? {
                            garmentStyleKey: key,
                            priceCents: Math.min(MAX_PRICE_CENTS, baseCostCents + SUGGESTED_MARGIN_CENTS),
                          }
                        : undefined,
                    )
                  }
                />
                <span>
                  <span className="block font-bold text-neutral-950">{displayName}</span>
                  <span className="block text-sm text-neutral-600">
                    {fit} fit · base cost {formatCents(baseCostCents)}
                  </span>
                </span>
              </label>
              {product && (
                <label className="flex items-center gap-2 text-sm text-neutral-700">
                  <input
                    type="radio"
                    name={`${id}-default`}
                    className="size-4 accent-brand"
                    checked={defaultStyleKey === key}
                    onChange={() => onDefaultStyle(key)}
                  />
                  Shown first
                </label>
              )}
            </div>
            {product && (
              <PriceField
                key={`${key}-price`}
                baseCostCents={baseCostCents}
                priceCents={product.priceCents}
                label={`${displayName} price`}
                onPrice={(priceCents) => setProduct(key, { garmentStyleKey: key, priceCents })}
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}

function PriceField({
  baseCostCents,
  priceCents,
  label,
  onPrice,
}: {
  baseCostCents: number;
  priceCents: number;
  label: string;
  onPrice: (priceCents: number) => void;
}) {
  const id = useId();
  const [text, setText] = useState((priceCents / 100).toFixed(2));
  const typed = parseDollars(text);
  const problem = typed === undefined ? "Enter a price in dollars, like 24.99" : priceProblem(typed, baseCostCents);
  const shownPrice = typed ?? priceCents;
  const margin = shownPrice - baseCostCents;
  return (
    <div className="mt-4 grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)] sm:items-start">
      <div>
        <label htmlFor={id} className="block text-xs font-semibold text-neutral-700">
          {label}
        </label>
        <div className="relative mt-1">
          <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-neutral-500">$</span>
          <input
            id={id}
            inputMode="decimal"
            value={text}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : `${id}-earn`}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setText(value);
              const cents = parseDollars(value);
              if (cents !== undefined && cents > 0 && cents <= MAX_PRICE_CENTS) onPrice(cents);
            }}
            onBlur={() => typed !== undefined && setText((typed / 100).toFixed(2))}
            className={`block h-11 w-full rounded-xl border bg-white pr-3 pl-7 text-base tabular-nums outline-none focus:ring-2 ${
              problem
                ? "border-red-600 focus:ring-red-200"
                : "border-neutral-300 focus:border-brand focus:ring-brand/30"
            }`}
          />
        </div>
        {problem && (
          <p id={`${id}-problem`} className="mt-1 text-sm font-medium text-red-700">
            {problem}
          </p>
        )}
      </div>
      <div className="text-sm sm:pt-5">
        <dl className="grid grid-cols-2 gap-2">
          <div>
            <dt className="text-neutral-600">Base cost</dt>
            <dd className="font-semibold tabular-nums">{formatCents(baseCostCents)}</dd>
          </div>
          <div>
            <dt className="text-neutral-600">Your margin</dt>
            <dd className="font-semibold tabular-nums">{formatCents(Math.max(0, margin))}</dd>
          </div>
        </dl>
        <p id={`${id}-earn`} className="mt-2 font-bold text-emerald-800 tabular-nums" aria-live="polite">
          You earn {formatCents(artistEarningsPerSale(shownPrice, baseCostCents))} per sale
        </p>
      </div>
    </div>
  );
}
