import { useParams } from "react-router";
import { PageHeading } from "../components/page-heading.tsx";

/** Seller storefront (spec section 2); the storefront arrives with the catalogue issue. */
export default function ArtistPage() {
  const { username = "" } = useParams();
  return <PageHeading title={`@${username}`} eyebrow="Artist" documentTitle={`${username}'s designs`} />;
}
