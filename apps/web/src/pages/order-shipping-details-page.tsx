import { PageHeading } from "../components/page-heading.tsx";

/** Checkout shipping step (spec section 2, bare layout); the form arrives with the checkout issue. */
export default function OrderShippingDetailsPage() {
  return <PageHeading title="Shipping Information" eyebrow="Secure Checkout" />;
}
