import { CLIENT_ROUTES } from "@threadfolk/contract/routes";
import { Link, useLocation, useParams } from "react-router";
import { PageHeading } from "../../components/page-heading.tsx";
import { ProductEditor } from "../../features/designer/components/product-editor.tsx";
import { editorHandOverOf } from "../../features/designer/navigation-state.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { StorefrontGate } from "./storefront-gate.tsx";
import { useArtworkUploadPort } from "./use-artwork-upload-port.tsx";

function DesignNotFound() {
  useDocumentTitle("Design not found");
  return (
    <div className="px-5 pb-16 md:px-10">
      <p className="font-display text-6xl font-extrabold tracking-tighter text-brand">404</p>
      <h2 className="mt-3 font-display text-2xl font-extrabold text-neutral-950">Design not found</h2>
      <p className="mt-2 max-w-xl text-neutral-700">
        This design does not exist, or it belongs to another artist: only its artist can edit it.
      </p>
      <Link
        to={CLIENT_ROUTES.myDesigns}
        className="mt-6 inline-flex h-11 items-center rounded-full bg-brand px-6 text-sm font-bold text-white hover:bg-brand-dark"
      >
        Go to My Designs
      </Link>
    </div>
  );
}

/**
 * Product Editor (`/my-profile/product-editor/{sellerDesignUuid}`, spec section 2): the designer's steps on a
 * live design; the design handed over by My Designs in navigation state paints first, a reload reads it.
 */
export default function ProductEditorPage() {
  const { sellerDesignUuid = "" } = useParams();
  const location = useLocation();
  const handOver = editorHandOverOf(location.state, sellerDesignUuid);
  const upload = useArtworkUploadPort();
  return (
    <div>
      <PageHeading title="Product Editor" eyebrow="My Profile" documentTitle="Product Editor">
        {handOver.displayName && <p className="mt-3 text-lg font-semibold text-neutral-800">{handOver.displayName}</p>}
      </PageHeading>
      <StorefrontGate>
        <ProductEditor
          key={sellerDesignUuid}
          designUuid={sellerDesignUuid}
          initial={handOver.design}
          upload={upload}
          notFound={<DesignNotFound />}
        />
      </StorefrontGate>
    </div>
  );
}
