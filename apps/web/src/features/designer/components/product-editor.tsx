import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { DesignDraftData, DesignerStep } from "@threadfolk/contract/studio";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { Spinner } from "../../../components/spinner.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { sellerDesignQueryOptions, updateSellerDesign, useGarmentStyles } from "../api/designer-api.ts";
import { designerKeys } from "../api/query-keys.ts";
import type { SellerDesign } from "../api/types.ts";
import type { ArtworkUploadPort } from "../artwork-upload.ts";
import { partsOfStep, stateOfDesign } from "../designer-state.ts";
import { DesignerFlow } from "./designer-flow.tsx";
import { LoadFailure } from "./load-failure.tsx";

/** The parts a step changed, compared with what the design has (only those are sent). */
export function changedParts(parts: DesignDraftData, current: DesignDraftData): DesignDraftData {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parts)) {
    if (JSON.stringify(value) !== JSON.stringify(current[key as keyof DesignDraftData])) changed[key] = value;
  }
  return changed as DesignDraftData;
}

/** Parts whose change re-renders the mockups (the server bumps the artwork version for them). */
const RENDERING_PARTS: ReadonlyArray<keyof DesignDraftData> = [
  "artworkUploadId",
  "placements",
  "offeredColors",
  "products",
];

/**
 * The product editor: every designer step on a live design (`GET`/`PATCH /api/v1/seller_designs/{uuid}`). The
 * design handed over in navigation state (from My Designs) paints at once; the server's copy is read behind it.
 * Someone else's design, or one that does not exist, is `notFound`.
 */
export function ProductEditor({
  designUuid,
  initial,
  upload,
  notFound,
}: {
  designUuid: string;
  initial: SellerDesign | undefined;
  upload: ArtworkUploadPort;
  notFound: React.ReactNode;
}) {
  const styles = useGarmentStyles();
  const design = useQuery(sellerDesignQueryOptions(designUuid, initial));
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<SellerDesign | undefined>();
  const [start, setStart] = useState<SellerDesign | undefined>();
  const latest = useRef<SellerDesign | undefined>(undefined);

  if (design.isError && isApiError(design.error, 404)) return notFound;
  if (styles.isError || design.isError) {
    return (
      <LoadFailure
        message="This design could not be loaded."
        onRetry={() => {
          void styles.refetch();
          void design.refetch();
        }}
      />
    );
  }
  // Navigation state (from My Designs) paints at once; on a reload the server's copy is waited for.
  const first = start ?? design.data;
  if (!first || !styles.data) return <Spinner className="py-16" label="Loading the design" />;
  if (!start) setStart(first);
  // What the saves compare against: the server's latest copy.
  if (design.data && !design.isPlaceholderData) latest.current = design.data;

  const stylesData = styles.data;
  return (
    <DesignerFlow
      mode="editor"
      styles={stylesData}
      initialStep={"artwork" satisfies DesignerStep}
      initialState={stateOfDesign(first)}
      upload={upload}
      saved={saved}
      designPath={first.attributes.designPath}
      notice={
        <p className="mb-5 text-neutral-700">
          Editing <span className="font-semibold text-neutral-950">{first.attributes.displayName}</span>
          {first.attributes.status === "deactivated" && " (deactivated: shoppers do not see it)"}
          {first.attributes.status === "taken_down" && " (taken down by our moderators: shoppers do not see it)"}.{" "}
          <Link
            to={first.attributes.designPath}
            className="font-semibold text-brand underline-offset-4 hover:underline"
          >
            View the design page
          </Link>
        </p>
      }
      onSave={async (step, _nextStep, parts) => {
        const current = latest.current ?? first;
        const changes = changedParts(parts, partsOfStep(step, stateOfDesign(current), stylesData));
        if (Object.keys(changes).length === 0) return;
        const updated = await updateSellerDesign(designUuid, changes);
        latest.current = updated;
        queryClient.setQueryData(designerKeys.design(designUuid), updated);
        if (RENDERING_PARTS.some((part) => part in changes)) setSaved(updated);
      }}
    />
  );
}
