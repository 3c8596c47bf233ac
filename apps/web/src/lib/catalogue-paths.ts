import { MAX_PAGE } from "@threadfolk/contract/discovery-constants";

/** Client paths of the catalogue pages (spec section 2, routes). */

/** `/design/{uuid}/{slug}/{color}`: the design page showing `color` (the card's default colour by default). */
export function designPath(design: { uuid: string; slug: string; defaultColor: string }, color?: string): string {
  return `/design/${design.uuid}/${encodeURIComponent(design.slug)}/${encodeURIComponent(color ?? design.defaultColor)}`;
}

/** `/artist/{username}/{artistUuid}`: the storefront (the link uses the artist's unique username). */
export function artistPath(artist: { uniqueUsername: string; uuid: string }): string {
  return `/artist/${encodeURIComponent(artist.uniqueUsername)}/${artist.uuid}`;
}

/** A page number from the URL: a whole number from 1 to MAX_PAGE, otherwise undefined (pages start at 1). */
export function parsePageParam(value: string | null): number | undefined {
  if (value === null || !/^[1-9][0-9]{0,8}$/.test(value)) return undefined;
  const page = Number(value);
  return page <= MAX_PAGE ? page : undefined;
}
