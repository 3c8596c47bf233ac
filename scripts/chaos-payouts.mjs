// `npm run chaos:payouts`: the payouts' kill -9 check (decision 073), not part of `npm test`. On a fresh database
// (embedded PGlite in a temporary directory, and a throwaway PostgreSQL database), it seeds artists with
// available earnings, then runs the payouts worker (apps/api/dist/payouts-sim.js chaos-work: make the month's run,
// send its batch through the payout sandbox, read it back) and kills it with SIGKILL at a random moment, again
// and again, until one pass completes the run. Then it checks that each artist was paid exactly once: one run,
// one batch, one sandbox item and one paid item per artist, and ledger:check's payout part finds nothing.
//
//   CHAOS_DATABASES     pglite,postgres (default both)
//   CHAOS_POSTGRES_URL  server to create the throwaway database on (default postgres://postgres@127.0.0.1:5432/postgres)
//   CHAOS_ARTISTS       artists (default 1000)
//   CHAOS_KILLS         most SIGKILLs per database (default 6)
//   CHAOS_SEED          seed of the kill moments (default: random; printed)
//
// Exit code 1 when an artist was not paid exactly once.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fail, log, ROOT } from "./lib.mjs";

const DATABASES = (process.env.CHAOS_DATABASES ?? "pglite,postgres").split(",").map((name) => name.trim());
const POSTGRES_URL = process.env.CHAOS_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const ARTISTS = Number(process.env.CHAOS_ARTISTS ?? 1000);
const KILLS = Number(process.env.CHAOS_KILLS ?? 6);
const SEED = Number(process.env.CHAOS_SEED ?? randomBytes(4).readUInt32LE(0));
const SIM = path.join(ROOT, "apps/api/dist/payouts-sim.js");

let state = SEED >>> 0;
function random() {
  state = (state * 1_664_525 + 1_013_904_223) >>> 0;
  return state / 4_294_967_296;
}

/** Runs the simulator with `args`; kills it with SIGKILL after `killAfterMs` when given. */
function simulate(args, env, killAfterMs) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [SIM, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: "pipe",
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    const timer = killAfterMs === undefined ? undefined : setTimeout(() => child.kill("SIGKILL"), killAfterMs);
    child.on("exit", (code, signal) => {
      if (timer) clearTimeout(timer);
      resolve({ code, signal, output: output.trim(), ms: Date.now() - started });
    });
  });
}

async function chaosOn(name, env) {
  log(`${name}: seeding ${ARTISTS} artists`);
  const seeded = await simulate(["chaos-seed", "--artists", String(ARTISTS)], env);
  if (seeded.code !== 0) fail(`${name}: seeding failed\n${seeded.output}`);
  let kills = 0;
  for (let pass = 1; ; pass += 1) {
    // Kill somewhere in the first few seconds (recording, sending or reading back), until KILLS kills are spent.
    const killAfter = kills < KILLS ? 300 + Math.floor(random() * 5000) : undefined;
    const result = await simulate(["chaos-work"], env, killAfter);
    if (result.signal === "SIGKILL") {
      kills += 1;
      log(`${name}: pass ${pass} killed after ${result.ms} ms (${result.output.split("\n").at(-1) || "no output"})`);
      continue;
    }
    log(`${name}: pass ${pass} ended with code ${result.code} in ${result.ms} ms: ${result.output.split("\n").at(-1)}`);
    if (result.code === 0) break;
    if (pass > KILLS + 5) fail(`${name}: the run did not complete\n${result.output}`);
  }
  const verified = await simulate(["chaos-verify", "--artists", String(ARTISTS)], env);
  console.log(verified.output);
  log(`${name}: ${kills} SIGKILLs`);
  return verified.code === 0;
}

async function main() {
  if (!fs.existsSync(SIM)) fail("Build the API first (npm run chaos:payouts does)");
  log(`payouts chaos, seed ${SEED}`);
  let ok = true;
  for (const database of DATABASES) {
    if (database === "pglite") {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "threadfolk-chaos-payouts-"));
      try {
        ok = (await chaosOn("pglite", { DATA_DIR: dir })) && ok;
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    } else if (database === "postgres") {
      const { default: pg } = await import("pg");
      const name = `tf_chaos_payouts_${randomBytes(4).toString("hex")}`;
      const admin = new pg.Client({ connectionString: POSTGRES_URL });
      await admin.connect();
      await admin.query(`create database "${name}"`);
      await admin.end();
      const url = new URL(POSTGRES_URL);
      url.pathname = `/${name}`;
      try {
        ok = (await chaosOn("postgres", { DATABASE_URL: url.toString() })) && ok;
      } finally {
        const cleanup = new pg.Client({ connectionString: POSTGRES_URL });
        await cleanup.connect();
        await cleanup.query(`drop database if exists "${name}" with (force)`);
        await cleanup.end();
      }
    }
  }
  if (!ok) fail("an artist was not paid exactly once");
  log("payouts chaos: every artist paid exactly once");
}

await main();
