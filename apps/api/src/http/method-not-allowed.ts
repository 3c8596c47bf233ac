import type { RouteEntry } from "./route-table.ts";

/**
 * A known path asked with a method it does not answer is a 405 with `Allow` (RFC 9110 section 15.5.6), not a
 * 404: `allowedMethodsOf` answers the methods registered for a concrete path, from the route table (so routes
 * added later are covered without anyone listing them). An empty list means no route has that path at all.
 */
export function createAllowedMethodsLookup(routes: RouteEntry[]): (pathname: string) => string[] {
  let matchers: Array<{ pattern: RegExp; method: string }> | undefined;
  const build = () =>
    routes.map(({ method, url }) => ({
      method,
      pattern: new RegExp(
        `^${url
          .split("/")
          .map((segment) => {
            if (segment === "*") return ".*";
            if (segment.startsWith(":")) return "[^/]+";
            return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
          })
          .join("/")}/?$`,
      ),
    }));
  return (pathname) => {
    // Built on first use: by then every module has registered its routes.
    matchers ??= build();
    const methods = new Set<string>();
    for (const { pattern, method } of matchers) if (pattern.test(pathname)) methods.add(method);
    return [...methods].sort();
  };
}
