import { PageHeading } from "../../components/page-heading.tsx";

/** Sales (spec section 2); its content arrives with a later issue. */
export default function SellerOrdersPage() {
  return <PageHeading title="Sales" eyebrow="My Profile" />;
}
