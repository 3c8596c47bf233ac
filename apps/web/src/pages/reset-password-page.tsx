import { PageHeading } from "../components/page-heading.tsx";

/** Password Reset (spec section 2); its content arrives with a later issue. */
export default function ResetPasswordPage() {
  return <PageHeading title="Password Reset" />;
}
