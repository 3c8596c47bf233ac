import { PageHeading } from "../components/page-heading.tsx";

/** Seller Profile (spec section 2); its content arrives with a later issue. */
export default function SellerProfilePage() {
  return <PageHeading title="Seller Profile" />;
}
