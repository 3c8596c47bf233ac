import { TAGLINE } from "@threadfolk/contract/constants";
import { PageHeading } from "../components/page-heading.tsx";

/** Home (spec section 2); the carousel and collection sections arrive with the catalogue issue. */
export default function HomePage() {
  return <PageHeading title={TAGLINE} documentTitle="Designs by independent artists, printed on apparel" />;
}
