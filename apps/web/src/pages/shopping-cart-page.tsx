import { PageHeading } from "../components/page-heading.tsx";

/** Shopping Cart (spec section 2); its content arrives with a later issue. */
export default function ShoppingCartPage() {
  return <PageHeading title="Shopping Cart" />;
}
