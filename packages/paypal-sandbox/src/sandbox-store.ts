import { generateKeyPairSync, randomBytes } from "node:crypto";
import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import {
  paypalSandboxAnswers,
  paypalSandboxCaptures,
  paypalSandboxOrders,
  paypalSandboxRefunds,
  paypalSandboxSigningKeys,
  paypalSandboxTokens,
  paypalSandboxTrackers,
} from "./schema.ts";

/**
 * The sandbox's books in the database (decision 055): orders, captures, refunds, trackers, the first answer to each
 * PayPal-Request-Id, access tokens and the webhook signing key. Every app instance reads and writes the same
 * rows, so an order created through one is approved, captured and refunded through any other. Changes that
 * must not interleave (a capture, a refund, a replayed request id) run in one transaction that locks the row
 * they change and, for a request id, a transaction-scoped advisory lock on it.
 */

export type SandboxOrder = typeof paypalSandboxOrders.$inferSelect;
export type SandboxCapture = typeof paypalSandboxCaptures.$inferSelect;
export type SandboxRefund = typeof paypalSandboxRefunds.$inferSelect;
export type SandboxTracker = typeof paypalSandboxTrackers.$inferSelect;
export type StoredAnswer = { status: number; headers: Record<string, string>; body: string };

/**
 * The host app's Drizzle database (PGlite or node-postgres, whatever else its schema holds), given to the sandbox:
 * the sandbox imports nothing of the app (decision 066). Its tables must exist there (`./schema.ts`, migrated by
 * the app).
 */
export type SandboxDatabase = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

/** What the queries run on: the database or a transaction. */
export type SandboxExecutor = Pick<SandboxDatabase, "select" | "insert" | "update" | "delete" | "execute">;

/** Orders (with their captures and refunds) and stored answers are kept this long; PayPal keeps request ids 45 days. */
const RETENTION_MS = 45 * 24 * 60 * 60 * 1000;

export function createSandboxStore(db: SandboxDatabase) {
  let signingKey: Promise<{ id: string; privateKeyPem: string; publicKeyPem: string }> | undefined;

  async function loadSigningKey() {
    const [existing] = await db
      .select()
      .from(paypalSandboxSigningKeys)
      .orderBy(asc(paypalSandboxSigningKeys.createdAt), asc(paypalSandboxSigningKeys.id))
      .limit(1);
    if (existing) return existing;
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    // Two instances starting at once may both make one; the oldest is the one every instance uses.
    await db
      .insert(paypalSandboxSigningKeys)
      .values({
        id: `CERT-${randomBytes(8).toString("hex").toUpperCase()}`,
        privateKeyPem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
        publicKeyPem: publicKey.export({ type: "spki", format: "pem" }).toString(),
      })
      .onConflictDoNothing();
    const [chosen] = await db
      .select()
      .from(paypalSandboxSigningKeys)
      .orderBy(asc(paypalSandboxSigningKeys.createdAt), asc(paypalSandboxSigningKeys.id))
      .limit(1);
    if (!chosen) throw new Error("The PayPal sandbox could not store its signing key");
    return chosen;
  }

  return {
    db,
    /** Runs `fn` in one transaction; with a key, other transactions with the same key wait for this one. */
    async inTransaction<T>(key: string | undefined, fn: (tx: SandboxExecutor) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        if (key !== undefined) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
        return fn(tx);
      });
    },

    async findOrder(executor: SandboxExecutor, id: string, options: { lock?: boolean } = {}) {
      const query = executor.select().from(paypalSandboxOrders).where(eq(paypalSandboxOrders.id, id));
      const [order] = options.lock ? await query.for("update") : await query;
      return order;
    },
    async insertOrder(executor: SandboxExecutor, order: typeof paypalSandboxOrders.$inferInsert) {
      await executor.insert(paypalSandboxOrders).values(order);
    },
    async updateOrder(
      executor: SandboxExecutor,
      id: string,
      changes: Partial<Pick<SandboxOrder, "status" | "fundingDeclined" | "captureMock" | "updatedAt">>,
    ) {
      await executor.update(paypalSandboxOrders).set(changes).where(eq(paypalSandboxOrders.id, id));
    },

    capturesOfOrder(executor: SandboxExecutor, orderId: string) {
      return executor
        .select()
        .from(paypalSandboxCaptures)
        .where(eq(paypalSandboxCaptures.orderId, orderId))
        .orderBy(asc(paypalSandboxCaptures.createdAt), asc(paypalSandboxCaptures.id));
    },
    async findCapture(executor: SandboxExecutor, id: string, options: { lock?: boolean } = {}) {
      const query = executor.select().from(paypalSandboxCaptures).where(eq(paypalSandboxCaptures.id, id));
      const [capture] = options.lock ? await query.for("update") : await query;
      return capture;
    },
    async insertCapture(executor: SandboxExecutor, capture: typeof paypalSandboxCaptures.$inferInsert) {
      await executor.insert(paypalSandboxCaptures).values(capture);
    },
    async updateCapture(
      executor: SandboxExecutor,
      id: string,
      changes: Partial<Pick<SandboxCapture, "status" | "reason" | "updatedAt">>,
    ) {
      await executor.update(paypalSandboxCaptures).set(changes).where(eq(paypalSandboxCaptures.id, id));
    },

    /** Cents given back of a capture so far (refunds that did not fail or get cancelled). */
    async refundedCents(executor: SandboxExecutor, captureId: string): Promise<number> {
      const [row] = await executor
        .select({ total: sql<string>`coalesce(sum(${paypalSandboxRefunds.amountCents}), 0)` })
        .from(paypalSandboxRefunds)
        .where(
          and(
            eq(paypalSandboxRefunds.captureId, captureId),
            sql`${paypalSandboxRefunds.status} in ('COMPLETED', 'PENDING')`,
          ),
        );
      return Number(row?.total ?? 0);
    },
    async findRefund(executor: SandboxExecutor, id: string) {
      const [refund] = await executor.select().from(paypalSandboxRefunds).where(eq(paypalSandboxRefunds.id, id));
      return refund;
    },
    async insertRefund(executor: SandboxExecutor, refund: typeof paypalSandboxRefunds.$inferInsert) {
      await executor.insert(paypalSandboxRefunds).values(refund);
    },

    async findTracker(executor: SandboxExecutor, id: string) {
      const [tracker] = await executor.select().from(paypalSandboxTrackers).where(eq(paypalSandboxTrackers.id, id));
      return tracker;
    },
    async insertTracker(executor: SandboxExecutor, tracker: typeof paypalSandboxTrackers.$inferInsert) {
      await executor.insert(paypalSandboxTrackers).values(tracker);
    },
    async updateTracker(
      executor: SandboxExecutor,
      id: string,
      changes: Partial<Omit<SandboxTracker, "id" | "captureId" | "trackingNumber" | "createdAt">>,
    ) {
      await executor.update(paypalSandboxTrackers).set(changes).where(eq(paypalSandboxTrackers.id, id));
    },

    async findAnswer(executor: SandboxExecutor, key: string): Promise<StoredAnswer | undefined> {
      const [answer] = await executor
        .select({
          status: paypalSandboxAnswers.status,
          headers: paypalSandboxAnswers.headers,
          body: paypalSandboxAnswers.body,
        })
        .from(paypalSandboxAnswers)
        .where(eq(paypalSandboxAnswers.key, key));
      return answer;
    },
    async saveAnswer(executor: SandboxExecutor, key: string, answer: StoredAnswer, at: Date) {
      await executor
        .insert(paypalSandboxAnswers)
        .values({ key, ...answer, createdAt: at })
        .onConflictDoNothing();
    },

    async saveToken(tokenHash: string, expiresAt: Date, now: Date) {
      // Issuing is rare (once per adapter every few hours): the moment to forget what has expired.
      await db.delete(paypalSandboxTokens).where(lt(paypalSandboxTokens.expiresAt, now));
      const cutoff = new Date(now.getTime() - RETENTION_MS);
      await db.delete(paypalSandboxOrders).where(lt(paypalSandboxOrders.createdAt, cutoff));
      await db.delete(paypalSandboxAnswers).where(lt(paypalSandboxAnswers.createdAt, cutoff));
      await db.insert(paypalSandboxTokens).values({ tokenHash, expiresAt });
    },
    async tokenExpiry(tokenHash: string): Promise<Date | undefined> {
      const [token] = await db
        .select({ expiresAt: paypalSandboxTokens.expiresAt })
        .from(paypalSandboxTokens)
        .where(eq(paypalSandboxTokens.tokenHash, tokenHash));
      return token?.expiresAt;
    },

    /** The webhook signing key every instance shares (made by the first instance that needs one). */
    signingKey() {
      signingKey ??= loadSigningKey().catch((error: unknown) => {
        signingKey = undefined;
        throw error;
      });
      return signingKey;
    },
  };
}

export type SandboxStore = ReturnType<typeof createSandboxStore>;
