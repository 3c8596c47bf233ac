import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * One spelling in what shoppers read: the spec's US English ('Favorite Designs', 'Color'). Comments and code
 * identifiers may say 'favourite' or 'colour'; texts on screen, in e-mails and in the demo catalogue may not.
 */
const BRITISH_FORMS = /\b(favourit(?:e|es|ed|ing)|colours?|licence|authoris(?:e|ed|ing))\b/gi;

const WEB_SOURCE = join(import.meta.dirname);
const API_SOURCE = join(import.meta.dirname, "../../api/src");

/** Folders whose texts shoppers see (the studio's artist-only screens are not among them). */
const SHOPPER_FOLDERS = [
  join(WEB_SOURCE, "pages"),
  join(WEB_SOURCE, "components"),
  join(WEB_SOURCE, "app"),
  ...["auth", "cart", "catalogue", "checkout", "favorites", "follows", "orders", "session"].map((feature) =>
    join(WEB_SOURCE, "features", feature),
  ),
  join(API_SOURCE, "modules/mail"),
  join(API_SOURCE, "modules/orders"),
];
const SHOPPER_FILES = [join(API_SOURCE, "seed/catalogue-content.ts"), join(API_SOURCE, "seed/demo-catalogue-plan.ts")];
/** Artist-only screens under the shopper folders. */
const ARTIST_ONLY = [
  join(WEB_SOURCE, "pages/my-profile/my-designs-page.tsx"),
  join(WEB_SOURCE, "pages/my-profile/seller-orders-page.tsx"),
];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * The file without what shoppers never read: comments, import lines, and identifiers (a British form inside a
 * longer camelCase or snake_case name, or a path, is not a whole word to BRITISH_FORMS once these are gone).
 */
function readableText(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1")
    .replace(/^\s*(import|export) .* from ["'].*["'];?$/gm, "")
    .replace(/["'`](\.{1,2}\/|@threadfolk\/)[^"'`]*["'`]/g, "");
}

describe("US spelling in shopper-facing texts", () => {
  const files = [...SHOPPER_FOLDERS.flatMap(sourceFiles), ...SHOPPER_FILES].filter(
    (file) => !ARTIST_ONLY.includes(file),
  );

  it("reads the shopper-facing sources", () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it("never says 'favourite', 'colour', 'licence' or 'authorise' where shoppers read it", () => {
    const found = files.flatMap((file) =>
      [...readableText(readFileSync(file, "utf8")).matchAll(BRITISH_FORMS)].map(
        (match) => `${relative(join(WEB_SOURCE, "../.."), file)}: ${match[0]}`,
      ),
    );
    expect(found).toEqual([]);
  });
});
