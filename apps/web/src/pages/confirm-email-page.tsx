import { PageHeading } from "../components/page-heading.tsx";

/** Email Confirmation (spec section 2); its content arrives with a later issue. */
export default function ConfirmEmailPage() {
  return <PageHeading title="Email Confirmation" />;
}
