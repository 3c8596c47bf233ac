import { useQuery, useQueryClient } from "@tanstack/react-query";
import { DESIGNER_STEPS, type DesignerStep } from "@threadfolk/contract/studio";
import { useRef, useState } from "react";
import { Spinner } from "../../../components/spinner.tsx";
import {
  createDraft,
  deleteDraft,
  draftsQueryOptions,
  publishDraft,
  saveDraft,
  useGarmentStyles,
} from "../api/designer-api.ts";
import { designerKeys } from "../api/query-keys.ts";
import type { DesignDraft } from "../api/types.ts";
import type { ArtworkUploadPort } from "../artwork-upload.ts";
import { EMPTY_DESIGNER_STATE, stateOfDraft } from "../designer-state.ts";
import { DesignerFlow } from "./designer-flow.tsx";
import { LoadFailure } from "./load-failure.tsx";

/** Where a resumed draft opens: its saved step, or the artwork step while it has no artwork. */
export function resumeStep(draft: DesignDraft): DesignerStep {
  const step = draft.attributes.step;
  if (!DESIGNER_STEPS.includes(step)) return "artwork";
  return draft.attributes.artwork ? step : "artwork";
}

/**
 * The product designer: a new design, or an unpublished draft resumed at its step (`draftId`, else the newest).
 * The draft is created on the server when the first step is done and saved after every step.
 */
export function ProductWizard({ upload, draftId }: { upload: ArtworkUploadPort; draftId?: string | null }) {
  const styles = useGarmentStyles();
  const drafts = useQuery(draftsQueryOptions());
  // Once the flow is on screen it owns the draft: a refetch of the list must not restart it.
  const [session, setSession] = useState<{ draft: DesignDraft | undefined; key: number } | undefined>();
  const queryClient = useQueryClient();

  if (styles.isError || drafts.isError) {
    return (
      <LoadFailure
        message="The product designer could not be loaded."
        onRetry={() => {
          void styles.refetch();
          void drafts.refetch();
        }}
      />
    );
  }
  if (!styles.data || !drafts.data) return <Spinner className="py-16" label="Loading the product designer" />;
  const list = drafts.data.data;
  const current = session ?? { draft: list.find((draft) => draft.id === draftId) ?? list[0], key: 0 };
  if (!session) setSession(current);
  return (
    <WizardSession
      key={current.key}
      draft={current.draft}
      styles={styles.data}
      upload={upload}
      onStartOver={async () => {
        if (current.draft) await deleteDraft(current.draft.id);
        await queryClient.invalidateQueries({ queryKey: designerKeys.drafts() });
        upload.reset();
        setSession({ draft: undefined, key: current.key + 1 });
      }}
    />
  );
}

function WizardSession({
  draft,
  styles,
  upload,
  onStartOver,
}: {
  draft: DesignDraft | undefined;
  styles: Parameters<typeof DesignerFlow>[0]["styles"];
  upload: ArtworkUploadPort;
  onStartOver: () => Promise<void>;
}) {
  const draftId = useRef(draft?.id);
  const [startingOver, setStartingOver] = useState(false);
  const [startOverError, setStartOverError] = useState<string | undefined>();
  const queryClient = useQueryClient();

  const notice = draft && (
    <div className="mb-5 flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-neutral-50 px-4 py-3 text-sm text-neutral-700">
      <span>
        Continuing your draft from{" "}
        {new Date(draft.attributes.updatedAt).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" })}.
      </span>
      <button
        type="button"
        disabled={startingOver}
        onClick={async () => {
          setStartingOver(true);
          try {
            await onStartOver();
          } catch (error) {
            setStartOverError(error instanceof Error ? error.message : "The draft could not be discarded.");
            setStartingOver(false);
          }
        }}
        className="font-semibold text-brand underline-offset-4 hover:underline disabled:opacity-50"
      >
        Discard it and start over
      </button>
      {startOverError && (
        <p role="alert" className="w-full text-red-700">
          {startOverError}
        </p>
      )}
    </div>
  );

  return (
    <DesignerFlow
      mode="wizard"
      styles={styles}
      initialStep={draft ? resumeStep(draft) : "artwork"}
      initialState={draft ? stateOfDraft(draft) : EMPTY_DESIGNER_STATE}
      upload={upload}
      notice={notice}
      onSave={async (_step, nextStep, parts) => {
        const saved = draftId.current
          ? await saveDraft(draftId.current, nextStep, parts)
          : await createDraft(nextStep, parts);
        draftId.current = saved.id;
        void queryClient.invalidateQueries({ queryKey: designerKeys.drafts() });
      }}
      onPublish={async () => {
        if (!draftId.current) throw new Error("Save the draft first");
        const design = await publishDraft(draftId.current);
        void queryClient.invalidateQueries({ queryKey: designerKeys.drafts() });
        return design;
      }}
    />
  );
}
