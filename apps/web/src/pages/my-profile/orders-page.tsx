import { PageHeading } from "../../components/page-heading.tsx";

/** Orders (spec section 2); its content arrives with a later issue. */
export default function OrdersPage() {
  return <PageHeading title="Orders" eyebrow="My Profile" />;
}
