import { useSearchParams } from "react-router";
import { PageHeading } from "../../components/page-heading.tsx";
import { ProductWizard } from "../../features/designer/components/product-wizard.tsx";
import { StorefrontGate } from "./storefront-gate.tsx";
import { useArtworkUploadPort } from "./use-artwork-upload-port.tsx";

/**
 * Product Designer (`/my-profile/product-upload-wizard`, spec section 2; `?draft={id}` resumes that draft):
 * the guided flow from an artwork to a live design.
 */
export default function ProductUploadWizardPage() {
  const upload = useArtworkUploadPort();
  const [searchParams] = useSearchParams();
  return (
    <div>
      <PageHeading title="Product Designer" eyebrow="My Profile" />
      <StorefrontGate>
        <ProductWizard upload={upload} draftId={searchParams.get("draft")} />
      </StorefrontGate>
    </div>
  );
}
