import type { StudioGarment } from "@threadfolk/contract/studio";
import type { GarmentStyle } from "../api/types.ts";
import { garmentName } from "../garment-names.ts";

/** The garments of the offered styles as pill tabs: the Placement and Colours steps show one garment at a time. */
export function GarmentTabs(props: {
  garments: readonly StudioGarment[];
  styles: readonly GarmentStyle[];
  current: StudioGarment;
  onSelect: (garment: StudioGarment) => void;
}) {
  const { garments, styles, current, onSelect } = props;
  return (
    <div role="tablist" aria-label="Garment" className="flex flex-wrap gap-2">
      {garments.map((candidate) => (
        <button
          key={candidate}
          type="button"
          role="tab"
          aria-selected={candidate === current}
          onClick={() => onSelect(candidate)}
          className={`h-10 rounded-full px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${
            candidate === current ? "bg-neutral-950 text-white" : "bg-neutral-100 text-neutral-800 hover:bg-neutral-200"
          }`}
        >
          {garmentName(candidate, styles)}
        </button>
      ))}
    </div>
  );
}
