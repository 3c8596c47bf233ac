// `npm run bench:api`: load-tests the discovery API of a RUNNING server with autocannon and prints req/s,
// p50 and p99 per route, each as a ratio to a trivial JSON route measured in the same run, then the
// sequential latency (p50/p95/p99) of two-word searches. It never starts a server: point it at one.
// Start that server with DISCOVERY_CACHE_SECONDS=0: otherwise repeated searches reuse their cached totals
// (decision 012) and the latency figures describe the cache, not the search (see the README).
//
//   BENCH_URL          server to measure (default http://localhost:3000)
//   BENCH_DURATION     seconds per route (default 5)
//   BENCH_CONNECTIONS  concurrent connections, the same for every route (default 10)
//   BENCH_QUERY        the two-word search of the load test (default "space cat")
//   BENCH_SAMPLES      sequential searches for the latency figures (default 300)
import autocannon from "autocannon";

const baseUrl = (process.env.BENCH_URL ?? "http://localhost:3000").replace(/\/+$/, "");
const duration = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const query = process.env.BENCH_QUERY ?? "space cat";
const samples = Number(process.env.BENCH_SAMPLES ?? 300);

/** Two-word queries for the sequential latency run: common and rarer words, one typo. */
const LATENCY_QUERIES = [
  query,
  "anime retro",
  "cosmic cat",
  "funny coffee",
  "black history",
  "dragon knight",
  "pixel robot",
  "warhamer marine",
  "vintage sunset",
  "taco cat",
];

async function getJson(path) {
  const response = await fetch(`${baseUrl}${path}`);
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return response.json();
}

function run(title, path) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: `${baseUrl}${path}`, connections, duration, pipelining: 1, timeout: 10 },
      (error, result) => (error ? reject(error) : resolve({ title, path, result })),
    );
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

function percentile(sorted, fraction) {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

async function main() {
  try {
    await getJson("/api/v1/ping");
  } catch (error) {
    console.error(`No server answering at ${baseUrl} (${error.message}). Start one first, e.g. npm start.`);
    process.exit(1);
  }
  const listing = await getJson("/api/v1/internal_design_collections?query=&page=1");
  const designUuid = listing.data?.[0]?.uuid;
  if (!designUuid) throw new Error("The server lists no designs; seed it first (see the README).");
  console.log(
    `Benchmarking ${baseUrl} over ${listing.meta.total_count} listed designs: ${connections} connections, ${duration} s per route`,
  );

  const routes = [
    ["trivial JSON (ping)", "/api/v1/ping"],
    ["home collections", "/api/v1/internal_design_collections"],
    [`search "${query}"`, `/api/v1/internal_design_collections?query=${encodeURIComponent(query)}&page=1`],
    ["design detail", `/api/v1/designs/${designUuid}`],
  ];
  const results = [];
  for (const [title, path] of routes) {
    // A short warm-up so caches, JIT and the connection pool are in their steady state.
    await new Promise((resolve) => autocannon({ url: `${baseUrl}${path}`, connections, duration: 1 }, resolve));
    results.push(await run(title, path));
  }

  const baseline = results[0].result;
  const rows = results.map(({ title, result }) => ({
    route: title,
    "req/s": Math.round(result.requests.average),
    "p50 ms": result.latency.p50,
    "p99 ms": result.latency.p99,
    "ratio req/s": (result.requests.average / baseline.requests.average).toFixed(2),
    errors: result.errors + result.non2xx + result.timeouts,
  }));
  console.table(rows);

  // Sequential latency of single searches (one at a time, so it measures the query, not the queue).
  const timings = [];
  for (let index = 0; index < samples; index++) {
    const term = LATENCY_QUERIES[index % LATENCY_QUERIES.length];
    const startedAt = performance.now();
    const response = await fetch(
      `${baseUrl}/api/v1/internal_design_collections?query=${encodeURIComponent(term)}&page=1`,
    );
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`search "${term}" answered ${response.status}`);
    timings.push(performance.now() - startedAt);
  }
  timings.sort((a, b) => a - b);
  const format = (value) => `${value.toFixed(1)} ms`;
  console.log("(Search figures are cold only when the server runs with DISCOVERY_CACHE_SECONDS=0.)");
  console.log(
    `Two-word search, ${samples} sequential requests over ${LATENCY_QUERIES.length} queries: p50 ${format(percentile(timings, 0.5))}, p95 ${format(percentile(timings, 0.95))}, p99 ${format(percentile(timings, 0.99))}`,
  );
  const homeRatio = results[1].result.requests.average / baseline.requests.average;
  console.log(`Home collections throughput ratio: ${homeRatio.toFixed(2)} (target at least 0.50)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
