// `npm run bench:load`: a crowd of shoppers against a RUNNING server for a bounded time (decision 047).
// Each shopper repeats a visit: mostly the home page, searches (queries drawn from a Zipf distribution, so a
// few head queries dominate as in real traffic, with a long tail of rarer ones and typos), design pages, a
// cart (add a line, read the cart) and, for signed-in shoppers, favourites (toggle a liked design, list
// them). At the end: throughput, and per route the request count, p50/p95/p99 and errors (non-2xx and
// network failures, by status).
//
//   BENCH_URL             server (default http://localhost:3000)
//   BENCH_LOAD_SECONDS    how long the crowd shops (default 30)
//   BENCH_LOAD_SHOPPERS   shoppers at once, each one request at a time (default 20)
//   BENCH_LOAD_MEMBERS    how many of them sign up and sign in, for favourites (default 4)
//   BENCH_ZIPF_S          the Zipf exponent of the query popularity (default 1.1)
//   BENCH_OUTBOX_DIR      the server's local outbox (DATA_DIR/outbox, no SMTP_URL): new accounts are confirmed
//                         from their e-mail, so members can sign in; without it there are no favourites
// Start the server with SEARCH_RATE_LIMIT_PER_IP, RATE_LIMIT_GUEST_TOKENS_PER_IP and RATE_LIMIT_PER_IP raised
// (all shoppers come from one address), e.g. as the README's benchmark section shows.
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

const baseUrl = (process.env.BENCH_URL ?? "http://localhost:3000").replace(/\/+$/, "");
const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
const shopperCount = Number(process.env.BENCH_LOAD_SHOPPERS ?? 20);
const memberCount = Math.min(shopperCount, Number(process.env.BENCH_LOAD_MEMBERS ?? 4));
const zipfExponent = Number(process.env.BENCH_ZIPF_S ?? 1.1);

/** Search queries in popularity order (rank 1 first): head words, two-word queries, typos, a long tail. */
const BASE_QUERIES = [
  "cat",
  "dog",
  "funny",
  "black history",
  "anime",
  "space cat",
  "coffee",
  "retro",
  "vintage",
  "funny coffee",
  "skull",
  "dragon",
  "nartuo",
  "mom",
  "teacher",
  "halloween",
  "christmas",
  "pizza",
  "cat mom",
  "bear",
  "mountain",
  "sunset",
  "guitar",
  "fishing",
  "camping",
  "warhamer",
  "cosmic",
  "pixel",
  "robot",
  "taco",
];

function percentile(sorted, fraction) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

/** A sampler of ranks 0..n-1 with P(rank k) proportional to 1 / (k+1)^s. */
function zipfSampler(n, s) {
  const cumulative = [];
  let total = 0;
  for (let rank = 1; rank <= n; rank++) {
    total += 1 / rank ** s;
    cumulative.push(total);
  }
  return () => {
    const target = Math.random() * total;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle] < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

const stats = new Map();
function record(route, status, ms) {
  let entry = stats.get(route);
  if (!entry) {
    entry = { latencies: [], errors: new Map() };
    stats.set(route, entry);
  }
  entry.latencies.push(ms);
  if (status < 200 || status >= 300) entry.errors.set(status, (entry.errors.get(status) ?? 0) + 1);
}

/** One timed request; `route` groups it in the report. Answers the parsed JSON body, or undefined. */
async function call(route, path, { method = "GET", token, body, form } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let payload;
  if (form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    payload = new URLSearchParams(form).toString();
  } else if (body !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body: payload });
    const text = await response.text();
    if (route) record(route, response.status, performance.now() - started);
    if (!response.ok) return undefined;
    return text ? JSON.parse(text) : {};
  } catch {
    if (route) record(route, 0, performance.now() - started);
    return undefined;
  }
}

async function guestToken() {
  const tokens = await call(undefined, "/api/v1/tokens", { method: "POST" });
  if (!tokens?.access_token) throw new Error("POST /api/v1/tokens gave no guest token");
  return tokens.access_token;
}

/** The text of an .eml file with its base64 and quoted-printable parts decoded (enough to find a link). */
function emailText(raw) {
  const text = raw.replace(/\r\n/g, "\n");
  const base64Parts = [
    ...text.matchAll(/content-transfer-encoding:\s*base64[^\n]*\n(?:[^\n]+\n)*\n([A-Za-z0-9+/=\n]+)/gi),
  ];
  const decoded = base64Parts.map((match) => Buffer.from(match[1].replace(/\s+/g, ""), "base64").toString("utf8"));
  const unquoted = text
    .replace(/=\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_all, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
  return [unquoted, ...decoded].join("\n");
}

/** Confirms a new account from its e-mail in the server's local outbox (BENCH_OUTBOX_DIR). */
async function confirmFromOutbox(email) {
  const outbox = process.env.BENCH_OUTBOX_DIR;
  if (!outbox) return false;
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const names = (await fs.readdir(outbox).catch(() => [])).filter((name) => name.includes(`--${email}`));
    for (const name of names) {
      const token = /\/confirm-email\/([A-Za-z0-9_-]+)/.exec(
        emailText(await fs.readFile(path.join(outbox, name), "utf8")),
      )?.[1];
      if (token) {
        const confirmed = await call(undefined, "/api/v1/users/confirm_email", {
          method: "POST",
          body: { user: { email_confirmation_token: token } },
        });
        return confirmed !== undefined;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

/** A new customer, signed in; undefined when the account could not be confirmed (no BENCH_OUTBOX_DIR). */
async function member(index) {
  const email = `load-${Date.now().toString(36)}-${index}-${randomUUID().slice(0, 8)}@example.com`;
  const password = `Lb-${randomUUID().slice(0, 12)}`;
  await call(undefined, "/api/v1/users", {
    method: "POST",
    body: {
      user: {
        email,
        password,
        confirm_password: password,
        first_name: "Load",
        last_name: "Shopper",
        username: `load${randomUUID().replaceAll("-", "").slice(0, 12)}`,
      },
    },
  });
  if (!(await confirmFromOutbox(email))) return undefined;
  const tokens = await call(undefined, "/oauth/token", {
    method: "POST",
    form: {
      grant_type: "password",
      email,
      password,
      // The public web client's defaults (OAUTH_CLIENT_ID, OAUTH_CLIENT_SECRET), or the bench's settings.
      client_id: process.env.OAUTH_CLIENT_ID ?? "threadfolk-web",
      client_secret: process.env.OAUTH_CLIENT_SECRET ?? "threadfolk-web-public-client-secret",
    },
  });
  return tokens?.access_token;
}

async function main() {
  const listing = await call(undefined, "/api/v1/internal_design_collections?query=&page=1&sort=popular");
  if (!listing?.data?.length) {
    console.error(`No server with designs at ${baseUrl}: start and seed one first (see the README).`);
    process.exit(1);
  }
  // Design pages: the first pages of popular designs (popular pages are visited most).
  const designs = [];
  for (let page = 1; page <= 5; page++) {
    const found = await call(undefined, `/api/v1/internal_design_collections?query=&page=${page}&sort=popular`);
    for (const card of found?.data ?? []) designs.push(card);
  }
  // The long tail: words of titles, in pairs, after the base queries.
  const words = [...new Set(designs.flatMap((card) => card.display_name.toLowerCase().match(/[a-z]{4,}/g) ?? []))];
  const tail = words.flatMap((first, index) => words.slice(index + 1, index + 4).map((second) => `${first} ${second}`));
  const queries = [...BASE_QUERIES, ...tail];
  const nextQuery = zipfSampler(queries.length, zipfExponent);
  const nextDesign = zipfSampler(designs.length, 1);

  const shoppers = [];
  for (let index = 0; index < shopperCount; index++) {
    const memberToken = index < memberCount ? await member(index) : undefined;
    shoppers.push({ token: memberToken ?? (await guestToken()), member: memberToken !== undefined });
  }
  const members = shoppers.filter((shopper) => shopper.member).length;
  console.log(
    `Load on ${baseUrl}: ${shopperCount} shoppers (${members} signed in) for ${seconds} s; ` +
      `${queries.length} queries, Zipf s=${zipfExponent}; ${designs.length} design pages`,
  );

  const deadline = Date.now() + seconds * 1000;
  const startedAt = performance.now();
  async function shop(shopper) {
    while (Date.now() < deadline) {
      const roll = Math.random();
      if (roll < 0.25) await call("home", "/api/v1/internal_design_collections");
      else if (roll < 0.6) {
        const query = queries[nextQuery()];
        const page = Math.random() < 0.85 ? 1 : 2;
        await call("search", `/api/v1/internal_design_collections?query=${encodeURIComponent(query)}&page=${page}`);
      } else if (roll < 0.85) {
        const card = designs[nextDesign()];
        const detail = await call("design page", `/api/v1/designs/${card.uuid}`);
        shopper.lastDetail = detail ?? shopper.lastDetail;
      } else if (roll < 0.93) {
        const variant = shopper.lastDetail?.data?.attributes?.variants?.[0];
        if (!variant) continue;
        await call("cart: add", "/api/v1/order_line_items", {
          method: "POST",
          token: shopper.token,
          body: {
            order_line_item: {
              seller_design_product_variant_id: variant.id,
              size: variant.sizes[0],
              color: variant.colors[0],
              quantity: 1,
            },
          },
        });
        await call("cart: read", "/api/v1/shopping_cart", { token: shopper.token });
      } else if (shopper.member) {
        const variant = shopper.lastDetail?.data?.attributes?.variants?.[0];
        if (variant) {
          await call("favorites: toggle", "/api/v1/liked_seller_design_product_variants", {
            method: "POST",
            token: shopper.token,
            body: { liked_seller_design_product_variant: { seller_design_product_variant_id: variant.id } },
          });
        }
        await call("favorites: list", "/api/v1/liked_seller_design_product_variants", { token: shopper.token });
      } else await call("cart: read", "/api/v1/shopping_cart", { token: shopper.token });
    }
  }
  await Promise.all(shoppers.map(shop));
  const elapsed = (performance.now() - startedAt) / 1000;

  const rows = [];
  let total = 0;
  for (const [route, entry] of [...stats.entries()].sort()) {
    entry.latencies.sort((a, b) => a - b);
    total += entry.latencies.length;
    const errors = [...entry.errors.entries()].map(([status, count]) => `${count}×${status || "network"}`).join(" ");
    rows.push({
      route,
      requests: entry.latencies.length,
      "req/s": Math.round(entry.latencies.length / elapsed),
      "p50 ms": Number(percentile(entry.latencies, 0.5).toFixed(1)),
      "p95 ms": Number(percentile(entry.latencies, 0.95).toFixed(1)),
      "p99 ms": Number(percentile(entry.latencies, 0.99).toFixed(1)),
      errors: errors || "0",
    });
  }
  console.table(rows);
  console.log(`Throughput: ${Math.round(total / elapsed)} requests/s over ${elapsed.toFixed(1)} s (${total} requests)`);
  if (members === 0 && memberCount > 0) {
    console.log("(No shopper could sign in: set BENCH_OUTBOX_DIR to confirm accounts; favourites were not exercised.)");
  }
}

await main();
