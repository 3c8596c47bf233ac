import { Link } from "react-router";
import { ChevronLeftIcon, ChevronRightIcon } from "./icons/icons.tsx";

/** The page numbers to show around `page`: first, last, two either side, and gaps as "gap". */
export function paginationItems(page: number, totalPages: number): Array<number | "gap"> {
  const wanted = new Set([1, totalPages, page - 2, page - 1, page, page + 1, page + 2]);
  const numbers = [...wanted].filter((value) => value >= 1 && value <= totalPages).sort((a, b) => a - b);
  const items: Array<number | "gap"> = [];
  for (const [position, value] of numbers.entries()) {
    const previous = numbers[position - 1];
    if (previous !== undefined && value - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && value - previous > 2) items.push("gap");
    items.push(value);
  }
  return items;
}

const itemClass =
  "flex h-10 min-w-10 items-center justify-center rounded-full px-3 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand";

/**
 * Page links (results and storefront): previous, numbers with gaps, next. Links keep the rest of the URL:
 * `hrefForPage` builds each one. Nothing renders for a single page.
 */
export function Pagination({
  page,
  totalPages,
  hrefForPage,
}: {
  page: number;
  totalPages: number;
  hrefForPage: (page: number) => string;
}) {
  if (totalPages <= 1) return null;
  const hasPrevious = page > 1;
  const hasNext = page < totalPages;
  return (
    <nav aria-label="Pagination" className="mt-12 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {hasPrevious ? (
            <Link
              to={hrefForPage(Math.min(page - 1, totalPages))}
              rel="prev"
              className={`${itemClass} gap-1 text-neutral-800 hover:bg-neutral-100`}
            >
              <ChevronLeftIcon className="size-4" />
              Previous
            </Link>
          ) : (
            <span aria-disabled="true" className={`${itemClass} gap-1 text-neutral-400`}>
              <ChevronLeftIcon className="size-4" />
              Previous
            </span>
          )}
        </li>
        {paginationItems(Math.min(page, totalPages), totalPages).map((item, position) =>
          item === "gap" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${position}`} aria-hidden="true" className="px-1 text-neutral-500">
              …
            </li>
          ) : (
            <li
              key={item}
              className={
                item === page || Math.abs(item - page) <= 1 || item === 1 || item === totalPages
                  ? ""
                  : "hidden sm:block"
              }
            >
              <Link
                to={hrefForPage(item)}
                aria-label={`Page ${item}`}
                aria-current={item === page ? "page" : undefined}
                className={`${itemClass} ${item === page ? "bg-neutral-950 text-white" : "text-neutral-800 hover:bg-neutral-100"}`}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        <li>
          {hasNext ? (
            <Link
              to={hrefForPage(page + 1)}
              rel="next"
              className={`${itemClass} gap-1 text-neutral-800 hover:bg-neutral-100`}
            >
              Next
              <ChevronRightIcon className="size-4" />
            </Link>
          ) : (
            <span aria-disabled="true" className={`${itemClass} gap-1 text-neutral-400`}>
              Next
              <ChevronRightIcon className="size-4" />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
