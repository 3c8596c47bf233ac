import { PageHeading } from "../../components/page-heading.tsx";

/** My Designs (spec section 2); its content arrives with a later issue. */
export default function MyDesignsPage() {
  return <PageHeading title="My Designs" eyebrow="My Profile" />;
}
