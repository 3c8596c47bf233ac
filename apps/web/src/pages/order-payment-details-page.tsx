import { PageHeading } from "../components/page-heading.tsx";

/** Checkout payment step (spec section 2, bare layout); the payment form arrives with the checkout issue. */
export default function OrderPaymentDetailsPage() {
  return <PageHeading title="Payment Details" eyebrow="Secure Checkout" />;
}
