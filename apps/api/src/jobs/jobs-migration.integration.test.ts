import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { applyMigrations } from "../db/migrate.ts";
import { MIGRATIONS_FOLDER } from "../lib/paths.ts";

/**
 * Migration 0009 moves the work waiting in the two hand-rolled queues (email_outbox, the forwarding columns
 * of analytics_events) into jobs before dropping them. This database stops at 0008, gets old queue rows,
 * then takes the remaining migrations.
 */
let database: DatabaseHandle;
let folderBefore: string;

async function migrateUpTo(handle: DatabaseHandle, folder: string): Promise<void> {
  if (handle.driver === "pglite")
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
  else await migratePostgres(handle.db as unknown as NodePgDatabase, { migrationsFolder: folder });
}

async function rows<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  folderBefore = await fs.mkdtemp(path.join(os.tmpdir(), "threadfolk-migrations-"));
  await fs.cp(MIGRATIONS_FOLDER, folderBefore, { recursive: true });
  const journalPath = path.join(folderBefore, "meta", "_journal.json");
  const journal = JSON.parse(await fs.readFile(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
  const jobsIndex = journal.entries.findIndex((entry) => entry.tag === "0009_jobs");
  journal.entries = journal.entries.slice(0, jobsIndex);
  await fs.writeFile(journalPath, JSON.stringify(journal));
  await migrateUpTo(database, folderBefore);
});

afterAll(async () => {
  await database.close();
  await fs.rm(folderBefore, { recursive: true, force: true });
});

describe("migration 0009 (jobs)", () => {
  it("moves pending e-mails and forwards into jobs and drops the old queues", async () => {
    const session = "11111111-1111-4111-8111-111111111111";
    const otherSession = "22222222-2222-4222-8222-222222222222";
    await database.db.execute(sql`
      insert into email_outbox (id, kind, to_address, subject, text_body, html_body, status, attempts, last_error,
        next_attempt_at, delivery_reference, sent_at)
      values
        ('aaaaaaaa-0000-4000-8000-000000000001', 'password_reset', 'pending@example.com', 'Reset', 't', '<p>t</p>',
          'pending', 2, 'connection refused', now() + interval '5 minutes', null, null),
        ('aaaaaaaa-0000-4000-8000-000000000002', 'email_confirmation', 'sent@example.com', 'Confirm', 't', '<p>t</p>',
          'sent', 1, null, now(), '/data/outbox/x.eml', now()),
        ('aaaaaaaa-0000-4000-8000-000000000003', 'email_confirmation', 'failed@example.com', 'Confirm', 't', '<p>t</p>',
          'failed', 12, 'mailbox unavailable', now(), null, null)`);
    // 30 pending events of one visit (two sends of 25 and 5), one of another visit, and two already handled.
    await database.db.execute(sql`
      insert into analytics_events (event_id, name, category, occurred_at, session_id, forward_status,
        forward_attempts, next_forward_at, last_forward_error)
      select gen_random_uuid(), 'Page View', 'Navigation', now() - make_interval(secs => 100 - n), ${session}::uuid,
        'pending', 1, now() + interval '30 seconds', 'GA4 answered 500'
      from generate_series(1, 30) as n`);
    await database.db.execute(sql`
      insert into analytics_events (event_id, name, category, occurred_at, session_id, forward_status, next_forward_at)
      values
        (gen_random_uuid(), 'Clicked Search', 'Design Discovery', now(), ${otherSession}::uuid, 'pending', now()),
        (gen_random_uuid(), 'Clicked Search', 'Design Discovery', now(), ${otherSession}::uuid, 'sent', null),
        (gen_random_uuid(), 'Clicked Search', 'Design Discovery', now(), ${otherSession}::uuid, null, null)`);

    await applyMigrations(database);

    const emails = await rows<{
      id: string;
      status: string;
      attempts: number;
      to: string;
      last_error: string | null;
      reference: string | null;
    }>(sql`
      select id, status, attempts, payload->>'to' as to, last_error, result->>'deliveryReference' as reference
      from jobs where kind = 'send_email' order by payload->>'to'`);
    expect(emails).toEqual([
      {
        id: "aaaaaaaa-0000-4000-8000-000000000003",
        status: "failed",
        attempts: 12,
        to: "failed@example.com",
        last_error: "mailbox unavailable",
        reference: null,
      },
      {
        id: "aaaaaaaa-0000-4000-8000-000000000001",
        status: "pending",
        attempts: 2,
        to: "pending@example.com",
        last_error: "connection refused",
        reference: null,
      },
      {
        id: "aaaaaaaa-0000-4000-8000-000000000002",
        status: "succeeded",
        attempts: 1,
        to: "sent@example.com",
        last_error: null,
        reference: "/data/outbox/x.eml",
      },
    ]);
    const [payload] = await rows<{ payload: unknown }>(
      sql`select payload from jobs where id = 'aaaaaaaa-0000-4000-8000-000000000001'`,
    );
    const decoded = typeof payload?.payload === "string" ? JSON.parse(payload.payload) : payload?.payload;
    expect(decoded).toEqual({
      kind: "password_reset",
      to: "pending@example.com",
      subject: "Reset",
      text: "t",
      html: "<p>t</p>",
    });

    const forwards = await rows<{
      session_id: string;
      events: number;
      attempts: number;
      status: string;
    }>(sql`
      select min(e.session_id::text) as session_id, count(*)::int as events,
        min(j.attempts) as attempts, min(j.status) as status
      from jobs j cross join lateral jsonb_array_elements_text(j.payload->'eventIds') as ids(id)
      join analytics_events e on e.id = ids.id::uuid
      where j.kind = 'forward_analytics_events'
      group by j.id order by events desc`);
    expect(forwards).toEqual([
      { session_id: session, events: 25, attempts: 1, status: "pending" },
      { session_id: session, events: 5, attempts: 1, status: "pending" },
      { session_id: otherSession, events: 1, attempts: 0, status: "pending" },
    ]);
    // A send's events are listed in the order they happened.
    const [first] = await rows<{ in_order: boolean }>(sql`
      select (array_agg(e.occurred_at order by ids.position) = array_agg(e.occurred_at order by e.occurred_at)) as in_order
      from jobs j cross join lateral jsonb_array_elements_text(j.payload->'eventIds') with ordinality as ids(id, position)
      join analytics_events e on e.id = ids.id::uuid
      where j.kind = 'forward_analytics_events' and jsonb_array_length(j.payload->'eventIds') = 25`);
    expect(first?.in_order).toBe(true);

    const leftovers = await rows<{ name: string }>(sql`
      select table_name as name from information_schema.tables where table_name = 'email_outbox'
      union all
      select column_name from information_schema.columns where table_name = 'analytics_events' and column_name like '%forward%'`);
    expect(leftovers).toEqual([]);
  });
});
