import { PRODUCT_COLORS, type ProductColor } from "@threadfolk/contract/colors";
import type { Placement, StudioGarment } from "@threadfolk/contract/studio";
import type { ContrastWarning } from "@threadfolk/contract/studio-contrast";
import { useState } from "react";
import type { GarmentStyle } from "../api/types.ts";
import { ColourGrid } from "./colour-grid.tsx";
import { GarmentTabs } from "./garment-tabs.tsx";
import { SMALL_BUTTON } from "./placement-step.tsx";

type ColorsStepProps = {
  garments: readonly StudioGarment[];
  styles: readonly GarmentStyle[];
  aspect: number;
  bitmap: ImageBitmap | undefined;
  placementOf: (garment: StudioGarment) => Placement;
  offered: readonly ProductColor[];
  defaultColor: ProductColor;
  onOffered: (colors: ProductColor[]) => void;
  onDefault: (color: ProductColor) => void;
  warnings: readonly ContrastWarning[];
};

/** The Colours step: the 19 colours with the artwork on them; pick those offered and the default one. */
export function ColorsStep(props: ColorsStepProps) {
  const { garments, styles, offered } = props;
  const [garment, setGarment] = useState<StudioGarment>(garments[0] ?? "tee");
  const offeredWarnings = props.warnings.filter((warning) => offered.includes(warning.color));
  const toggle = (color: ProductColor) => {
    const next = offered.includes(color) ? offered.filter((candidate) => candidate !== color) : [...offered, color];
    props.onOffered(PRODUCT_COLORS.filter((candidate) => next.includes(candidate)));
    if (!next.includes(props.defaultColor) && next[0]) props.onDefault(next[0]);
  };

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <GarmentTabs garments={garments} styles={styles} current={garment} onSelect={setGarment} />
        <div className="flex items-center gap-2">
          <span className="text-sm text-neutral-700" aria-live="polite">
            {offered.length} of {PRODUCT_COLORS.length} offered
          </span>
          <button type="button" className={SMALL_BUTTON} onClick={() => props.onOffered([...PRODUCT_COLORS])}>
            All
          </button>
        </div>
      </div>
      {offeredWarnings.length > 0 && (
        <div role="status" className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950">
          <p className="font-semibold">Low contrast: check these colours before offering them.</p>
          <ul className="mt-1 list-disc pl-5">
            {offeredWarnings.map((warning) => (
              <li key={warning.color}>
                {warning.message} ({Math.round(warning.share * 100)} % of the ink).
              </li>
            ))}
          </ul>
        </div>
      )}
      <ColourGrid
        garment={garment}
        aspect={props.aspect}
        placement={props.placementOf(garment)}
        bitmap={props.bitmap}
        warnings={props.warnings}
        label="Colours"
        selection={{ offered, defaultColor: props.defaultColor, onToggle: toggle, onDefault: props.onDefault }}
      />
    </div>
  );
}
