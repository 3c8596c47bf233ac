import { PageHeading } from "../../components/page-heading.tsx";

/** Favorite Designs (spec section 2); its content arrives with a later issue. */
export default function FavoritesPage() {
  return <PageHeading title="Favorite Designs" eyebrow="My Profile" />;
}
