// Starts the public API reads of the page being opened while the app's code is still downloading: each
// becomes a <link rel="preload" as="fetch">, which the app's own fetch of the same URL then picks up
// (decision 009). The URLs must be exactly those the catalogue fetchers request (the API client's query
// string: snake_case keys in the fetcher's order, URLSearchParams encoding); early-requests.test.ts checks it.
(() => {
  const MAX_PAGE = 5000;
  const SORTS = ["relevance", "newest", "popular", "price_asc", "price_desc"];
  const COLLECTIONS = ["popular", "blk_history25", "anime", "funny", "nerdery", "picks", "recent", "browse"];

  /** Same rule as the app: a whole number from 1 to MAX_PAGE, or nothing. */
  function pageOf(value) {
    if (value === null || !/^[1-9][0-9]{0,8}$/.test(value)) return undefined;
    const page = Number(value);
    return page <= MAX_PAGE ? page : undefined;
  }

  function withQuery(path, entries) {
    const search = new URLSearchParams();
    for (const [key, value] of entries) if (value !== undefined) search.append(key, String(value));
    const text = search.toString();
    return text ? `${path}?${text}` : path;
  }

  function decode(segment) {
    try {
      return decodeURIComponent(segment);
    } catch {
      return undefined;
    }
  }

  /** The reads of one location (pathname and search), as the pages make them. */
  function earlyRequestUrls(pathname, search) {
    const params = new URLSearchParams(search);
    if (pathname === "/") {
      return [
        "/api/v1/internal_design_collections",
        "/api/v1/carousels?location_code=front_page",
        "/api/v1/marketplace_sales",
      ];
    }
    if (pathname === "/results" || pathname === "/results/") {
      const page = pageOf(params.get("page"));
      if (page === undefined) return [];
      const query = params.get("query");
      if (query !== null) {
        const sort = SORTS.includes(params.get("sort")) ? params.get("sort") : undefined;
        return [
          withQuery("/api/v1/internal_design_collections", [
            ["query", query],
            ["page", page],
            ["sort", sort],
          ]),
        ];
      }
      const collection = params.get("home-collection");
      if (collection !== null && COLLECTIONS.includes(collection)) {
        return [withQuery(`/api/v1/internal_design_collections/${collection}`, [["page", page]])];
      }
      return [];
    }
    const design = /^\/design\/([^/]+)\/[^/]+\/[^/]+\/?$/.exec(pathname);
    if (design) {
      const uuid = decode(design[1]);
      return uuid ? [`/api/v1/designs/${encodeURIComponent(uuid)}`] : [];
    }
    const artist = /^\/artist\/([^/]+)\/([^/]+)\/?$/.exec(pathname);
    if (artist) {
      const key = decode(artist[2]) || decode(artist[1]);
      const page = pageOf(params.get("page")) ?? 1;
      return key ? [withQuery(`/api/v1/artists/${encodeURIComponent(key)}`, [["page", page]])] : [];
    }
    return [];
  }

  if (typeof document === "undefined") {
    // Loaded by the unit test, which calls the function directly.
    globalThis.earlyRequestUrls = earlyRequestUrls;
    return;
  }
  for (const url of earlyRequestUrls(location.pathname, location.search)) {
    const link = document.createElement("link");
    link.rel = "preload";
    link.as = "fetch";
    link.crossOrigin = "anonymous";
    link.href = url;
    document.head.appendChild(link);
  }
})();
