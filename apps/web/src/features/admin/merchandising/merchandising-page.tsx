import { Link, useSearchParams } from "react-router";
import { AdminPageHeading } from "../admin-page-heading.tsx";
import { CarouselPanel } from "./carousel-panel.tsx";
import { CodesPanel } from "./codes-panel.tsx";
import { CollectionsPanel } from "./collections-panel.tsx";
import { SalePanel } from "./sale-panel.tsx";

const SECTIONS = [
  { key: "collections", label: "Collections", Panel: CollectionsPanel },
  { key: "carousel", label: "Carousel", Panel: CarouselPanel },
  { key: "sale", label: "Sale", Panel: SalePanel },
  { key: "codes", label: "Codes & gift cards", Panel: CodesPanel },
] as const;

/**
 * `/admin/merchandising?section=…` (issue 28, decision 076): the curated home collections, the front-page carousel,
 * the marketplace sale, promo codes and gift cards. Each section is a link (the address says which is open).
 */
export function MerchandisingPage() {
  const [searchParams] = useSearchParams();
  const current = SECTIONS.find((section) => section.key === searchParams.get("section")) ?? SECTIONS[0];
  const { Panel } = current;
  return (
    <>
      <AdminPageHeading title={`Merchandising: ${current.label}`} />
      <nav aria-label="Merchandising" className="mb-6 overflow-x-auto">
        <ul className="flex gap-2">
          {SECTIONS.map((section) => (
            <li key={section.key}>
              <Link
                to={`?section=${section.key}`}
                aria-current={section.key === current.key ? "page" : undefined}
                className={`block rounded-full px-4 py-2 text-sm font-semibold whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${
                  section.key === current.key
                    ? "bg-neutral-950 text-white"
                    : "border border-neutral-300 bg-white text-neutral-900 hover:bg-neutral-50"
                }`}
              >
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Panel />
    </>
  );
}
