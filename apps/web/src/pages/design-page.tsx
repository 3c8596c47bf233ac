import { useParams } from "react-router";
import { PageHeading } from "../components/page-heading.tsx";
import { humanizeSlug } from "../lib/slug.ts";

/** Design detail (spec section 2); the product view arrives with the catalogue issue. */
export default function DesignPage() {
  const { slug = "" } = useParams();
  return <PageHeading title={humanizeSlug(slug) || "Design"} eyebrow="Design" />;
}
