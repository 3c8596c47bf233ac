// Issue 16's figures (decision 047), two sections of `npm run bench:api`, kept in their own file:
//
// `BENCH_SECTIONS=issue16`: the issue's table against a server on PostgreSQL with the scale data: the
//   trivial route (the ceiling), home collections, head searches (the same query repeated: what the search
//   cache serves), cold two-word searches (a different query every request, so never a cache hit), design
//   detail; req/s, p50, p99 and the ratio to the ceiling of the same run. Run it twice, against a server
//   with the cache settings as shipped and one with `DISCOVERY_CACHE_SECONDS=0 SEARCH_CACHE_SECONDS=0`, and
//   say which with BENCH_CACHE_LABEL (it only labels the output: the server decides).
// `BENCH_SECTIONS=embedded`: against a server on the embedded database (no DATABASE_URL): /ping and /healthz
//   latency (one connection each, p50/p95/p99) while BENCH_SEARCH_CONNECTIONS (20) connections search.
import autocannon from "autocannon";

/** The head queries of the issue's table, each repeated for the whole run. */
const HEAD_QUERIES = ["cat", "black history", "funny coffee", "nartuo", "space cat", "a"];

function percentile(sorted, fraction) {
  if (sorted.length === 0) return Number.NaN;
  return Number(sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)].toFixed(1));
}

/** Autocannon for `duration` seconds; `nextPath` (optional) picks each request's path. */
export function cannon({ baseUrl, path, connections, duration, nextPath }) {
  const latencies = [];
  let non2xx = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${baseUrl}${path}`,
        connections,
        duration,
        pipelining: 1,
        timeout: 10,
        ...(nextPath ? { requests: [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }] } : {}),
      },
      (error, result) =>
        error ? reject(error) : resolve({ result, latencies: latencies.sort((a, b) => a - b), non2xx }),
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (statusCode >= 300) non2xx += 1;
    });
  });
}

/** Words of listed titles: material for cold two-word queries that find something. */
async function titleWords(getJson) {
  const words = new Set();
  for (let page = 1; page <= 8; page++) {
    const listing = await getJson(`/api/v1/internal_design_collections?query=&page=${page}&sort=popular`);
    for (const card of listing.data ?? []) {
      for (const word of card.display_name.toLowerCase().match(/[a-z]{4,}/g) ?? []) words.add(word);
    }
  }
  return [...words];
}

/** Every pair of the words, shuffled with a fixed seed (the same order every run). */
function wordPairs(words) {
  const pairs = [];
  for (const first of words) for (const second of words) if (first !== second) pairs.push(`${first} ${second}`);
  let seed = 16;
  for (let index = pairs.length - 1; index > 0; index--) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const other = seed % (index + 1);
    [pairs[index], pairs[other]] = [pairs[other], pairs[index]];
  }
  return pairs;
}

const searchPath = (query, page = 1) =>
  `/api/v1/internal_design_collections?query=${encodeURIComponent(query)}&page=${page}`;

export async function benchIssue16({ baseUrl, connections, duration, designUuid, getJson }) {
  const label = process.env.BENCH_CACHE_LABEL ?? "(unlabelled: set BENCH_CACHE_LABEL=shipped or off)";
  const pairs = wordPairs(await titleWords(getJson));
  let nextPair = 0;
  // Cold: each request a pair not asked before in this run (pages 1-3 when the pairs run out).
  const coldPath = () => {
    const index = nextPair++;
    return searchPath(pairs[index % pairs.length], 1 + (Math.floor(index / pairs.length) % 3));
  };
  const routes = [
    { title: "trivial JSON (ping)", path: "/api/v1/ping" },
    { title: "home collections", path: "/api/v1/internal_design_collections" },
    ...HEAD_QUERIES.map((query) => ({ title: `search '${query}' (repeated)`, path: searchPath(query) })),
    { title: `cold two-word searches (${pairs.length} pairs)`, path: searchPath(pairs[0]), nextPath: coldPath },
    { title: "design detail", path: `/api/v1/designs/${designUuid}` },
  ];
  const rows = [];
  let ceiling;
  for (const route of routes) {
    // Warm-up (JIT, pools); a cold route warms up on pairs of its own, so the timed run stays cold.
    await cannon({ baseUrl, path: route.path, connections, duration: 1, nextPath: route.nextPath });
    const { result, latencies, non2xx } = await cannon({ baseUrl, connections, duration, ...route });
    const perSecond = result.requests.average;
    ceiling ??= perSecond;
    rows.push({
      route: route.title,
      "req/s": Math.round(perSecond),
      "p50 ms": percentile(latencies, 0.5),
      "p99 ms": percentile(latencies, 0.99),
      ratio: (perSecond / ceiling).toFixed(3),
      errors: result.errors + result.timeouts + non2xx,
    });
  }
  console.log(`\nIssue 16 table, cache ${label}: ${connections} connections, ${duration} s per route`);
  console.table(rows);
  console.log(
    "Targets (issue 16): head searches >= 0.1 of the ceiling (cache as shipped), cold two-word >= 300 req/s, " +
      "no adversarial query under 200 req/s, design detail >= 0.1, home collections with cache off >= 0.3.",
  );
}

export async function benchEmbedded({ baseUrl, duration, getJson }) {
  const searchConnections = Number(process.env.BENCH_SEARCH_CONNECTIONS ?? 20);
  const pairs = wordPairs(await titleWords(getJson));
  let nextPair = 0;
  const searching = cannon({
    baseUrl,
    path: searchPath(pairs[0]),
    connections: searchConnections,
    duration: duration + 2,
    nextPath: () => searchPath(pairs[nextPair++ % pairs.length]),
  });
  // Probes start once the searches run, and stop before they do.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const probes = await Promise.all(
    ["/api/v1/ping", "/healthz"].map((path) => cannon({ baseUrl, path, connections: 1, duration })),
  );
  const search = await searching;
  const row = (title, { result, latencies, non2xx }) => ({
    route: title,
    "req/s": Math.round(result.requests.average),
    "p50 ms": percentile(latencies, 0.5),
    "p95 ms": percentile(latencies, 0.95),
    "p99 ms": percentile(latencies, 0.99),
    errors: result.errors + result.timeouts + non2xx,
  });
  console.log(`\nEmbedded database: /ping and /healthz while ${searchConnections} connections search (${duration} s)`);
  console.table([
    row("/api/v1/ping (1 connection)", probes[0]),
    row("/healthz (1 connection)", probes[1]),
    row(`search, cold two-word (${searchConnections} connections)`, search),
  ]);
  console.log(
    "Targets (issue 16): /ping p95 under 5 ms, /healthz p95 under 50 ms. Search errors are 503s of the queue.",
  );
}
