import { PageHeading } from "../../components/page-heading.tsx";

/** Followed Artists (spec section 2); its content arrives with a later issue. */
export default function FollowedArtistPage() {
  return <PageHeading title="Followed Artists" eyebrow="My Profile" />;
}
