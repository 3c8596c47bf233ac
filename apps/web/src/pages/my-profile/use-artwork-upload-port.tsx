import type { ArtworkUploadPort } from "../../features/designer/artwork-upload.ts";
import { UploadProgress } from "../../features/studio/upload/upload-progress.tsx";
import { useResumableUpload } from "../../features/studio/upload/use-resumable-upload.ts";

/**
 * The studio's resumable upload (tus) as the designer's artwork upload: the pages compose the two features,
 * which never import each other.
 */
export function useArtworkUploadPort(): ArtworkUploadPort {
  const upload = useResumableUpload({ purpose: "artwork" });
  return {
    phase: upload.state.phase,
    status: upload.state.status,
    failureMessage: upload.state.failureMessage,
    start: (file) => void upload.start(file),
    reset: upload.reset,
    progress: <UploadProgress state={upload.state} onCancel={upload.cancel} label="Artwork" />,
  };
}
