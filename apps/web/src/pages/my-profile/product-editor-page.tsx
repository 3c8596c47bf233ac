import { PageHeading } from "../../components/page-heading.tsx";

/** Product Editor (spec section 2); its content arrives with a later issue. */
export default function ProductEditorPage() {
  return <PageHeading title="Product Editor" eyebrow="My Profile" />;
}
