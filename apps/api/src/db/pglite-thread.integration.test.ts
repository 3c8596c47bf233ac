import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTemporaryDirectory } from "../../test/temporary-directories.ts";
import { runAsHeavyWork } from "../lib/heavy-work.ts";
import { PGliteThread } from "./pglite-thread.ts";

/** The embedded database's thread (decisions 047 and 050): its lanes, its transactions and its tarballs. */
describe("PGliteThread", () => {
  let thread: PGliteThread;

  beforeAll(async () => {
    // The run's migrated template when there is one (it saves an initdb); the tables below are this file's own.
    const template = inject("pgliteTemplate");
    thread = await PGliteThread.create(template ? { loadDataDir: template } : {});
    await thread.exec("create table events (id serial primary key, label text not null)");
  });

  afterAll(async () => {
    await thread.close();
  });

  /**
   * Queues statements while a transaction holds the database (they cannot run before it ends, so the worker
   * has them all when it picks the next one), then ends it; answers the order in which they finished.
   */
  async function finishingOrder(statements: Array<{ label: string; heavy: boolean }>): Promise<string[]> {
    const finished: string[] = [];
    const queued: Array<Promise<unknown>> = [];
    await thread.transaction(async (tx) => {
      await tx.query("select 1");
      for (const { label, heavy } of statements) {
        const send = () => thread.query("select $1::text as label", [label]);
        queued.push((heavy ? runAsHeavyWork(send) : send()).then(() => finished.push(label)));
      }
      await tx.query("select 2");
    });
    await Promise.all(queued);
    return finished;
  }

  it("runs light statements before the heavy ones queued ahead of them, heavy ones in their order", async () => {
    const order = await finishingOrder([
      { label: "search 1", heavy: true },
      { label: "search 2", heavy: true },
      { label: "healthz", heavy: false },
      { label: "search 3", heavy: true },
      { label: "sign-in", heavy: false },
    ]);
    expect(order).toEqual(["healthz", "sign-in", "search 1", "search 2", "search 3"]);
  });

  it("lets a heavy statement through after 32 light ones in a row, so that search is never starved", async () => {
    const light = Array.from({ length: 40 }, (_, index) => ({ label: `light ${index}`, heavy: false }));
    const order = await finishingOrder([{ label: "search", heavy: true }, ...light]);
    expect(order.indexOf("search")).toBe(32);
    expect(order.filter((label) => label !== "search")).toEqual(light.map(({ label }) => label));
  });

  it("gives a transaction the database from begin to end: a statement outside waits, the rollback undoes", async () => {
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await expect(
      runAsHeavyWork(() =>
        thread.transaction(async (tx) => {
          await tx.query("insert into events (label) values ('rolled back')");
          outside = thread.query("select count(*)::int as count from events").then((result) => {
            order.push("outside");
            return result;
          });
          await tx.query("select pg_sleep(0.05)");
          order.push("transaction");
          throw new Error("undo");
        }),
      ),
    ).rejects.toThrow("undo");
    const counted = (await outside) as { rows: Array<{ count: number }> };
    expect(order).toEqual(["transaction", "outside"]);
    expect(counted.rows[0]?.count).toBe(0);
  });

  it("answers errors with PostgreSQL's fields and stays usable", async () => {
    await thread.exec("create table unique_labels (label text primary key)");
    await thread.query("insert into unique_labels values ('a')");
    await expect(thread.query("insert into unique_labels values ('a')")).rejects.toMatchObject({
      code: "23505",
      constraint: "unique_labels_pkey",
    });
    expect((await thread.query<{ n: number }>("select 2 as n")).rows).toEqual([{ n: 2 }]);
  });

  it("starts a new database from another's tarball, rows included", async () => {
    await thread.query("insert into events (label) values ('kept')");
    const tarball = await thread.dump();
    const file = path.join(createTemporaryDirectory("threadfolk-pglite-"), "data.tar");
    fs.writeFileSync(file, tarball);
    const copy = await PGliteThread.create({ loadDataDir: file });
    try {
      const rows = (await copy.query<{ label: string }>("select label from events")).rows;
      expect(rows).toEqual([{ label: "kept" }]);
      await copy.query("insert into events (label) values ('only in the copy')");
      expect((await thread.query("select * from events where label = 'only in the copy'")).rows).toEqual([]);
    } finally {
      await copy.close();
    }
  });
});
