import { useSearchParams } from "react-router";
import { PageHeading } from "../components/page-heading.tsx";
import { humanizeSlug } from "../lib/slug.ts";

/** Search results (spec section 2); the results grid arrives with the catalogue issue. */
export default function ResultsPage() {
  const [searchParams] = useSearchParams();
  const query = searchParams.get("query");
  const collection = searchParams.get("home-collection");
  const title =
    query !== null ? `Results for “${query}”` : collection !== null ? humanizeSlug(collection) : "Search results";
  return <PageHeading title={title} eyebrow="Search" />;
}
