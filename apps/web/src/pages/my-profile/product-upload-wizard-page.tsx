import { PageHeading } from "../../components/page-heading.tsx";

/** Product Designer (spec section 2); its content arrives with a later issue. */
export default function ProductUploadWizardPage() {
  return <PageHeading title="Product Designer" eyebrow="My Profile" />;
}
