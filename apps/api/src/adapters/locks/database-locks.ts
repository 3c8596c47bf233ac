import { sql } from "drizzle-orm";
import pg from "pg";
import type { DatabaseHandle } from "../../db/client.ts";
import { listenToChannel } from "../../db/listen.ts";
import { selectRows } from "../../db/select-rows.ts";
import type { LockBackend } from "./locks.ts";

/** PostgreSQL's NOTIFY channel on which a waiter asks the holder of a key (its payload) to finish soon. */
export const LOCK_RELEASE_CHANNEL = "threadfolk_lock_release";

/** Connections kept for held locks, per instance: an advisory lock lives as long as its session holds it. */
export const LOCK_CONNECTIONS = 20;

/** A database session that can take and give back advisory locks. */
type LockSession = {
  tryLock(key: string): Promise<boolean>;
  unlock(key: string): Promise<void>;
  /** Gives the session back (`broken`: it failed, do not reuse it). */
  done(broken?: boolean): void;
};

// Keys are hashed to the 64-bit advisory lock id in the database; the prefix keeps them apart from the app's
// fixed lock ids (migrations, the demo seed).
const TRY_LOCK = "select pg_try_advisory_lock(hashtextextended('threadfolk:' || $1, 0)) as taken";
const UNLOCK = "select pg_advisory_unlock(hashtextextended('threadfolk:' || $1, 0))";

/**
 * Locks as PostgreSQL advisory locks (decision 058), one session per held lock, so a crashed instance's locks go
 * with its connections. On the PostgreSQL server each held lock keeps one of LOCK_CONNECTIONS connections of its
 * own and release requests travel by NOTIFY. On the embedded database the one session takes the same locks
 * (re-entrant there: createSharedLocks' own table keeps two holders in this process apart) and release
 * requests stay in the process, which is the only one.
 */
export function createDatabaseLocks(options: {
  database: DatabaseHandle;
  onError?: (error: unknown) => void;
}): LockBackend {
  const { database } = options;
  const listeners = new Set<(key: string) => void>();
  const dispatch = (key: string) => {
    for (const listener of listeners) listener(key);
  };

  let openSession: () => Promise<LockSession>;
  let closeSessions: () => Promise<void>;
  let announce: (key: string) => Promise<void>;
  if (database.url) {
    const pool = new pg.Pool({ connectionString: database.url, max: LOCK_CONNECTIONS, idleTimeoutMillis: 10_000 });
    pool.on("error", () => {
      // An idle session lost its connection (it held no lock); the pool opens another when needed.
    });
    openSession = async () => {
      const client = await pool.connect();
      return {
        async tryLock(key) {
          const result = await client.query<{ taken: boolean }>(TRY_LOCK, [key]);
          return result.rows[0]?.taken === true;
        },
        async unlock(key) {
          await client.query(UNLOCK, [key]);
        },
        done: (broken) => client.release(broken),
      };
    };
    // Listened for from the first lock this instance takes (an instance that never takes one needs no connection).
    let listener: ReturnType<typeof listenToChannel> | undefined;
    const url = database.url;
    const openSessionNow = openSession;
    openSession = async () => {
      listener ??= listenToChannel({
        url,
        channel: LOCK_RELEASE_CHANNEL,
        onNotification: (key) => dispatch(key),
        onState: () => undefined,
      });
      return openSessionNow();
    };
    closeSessions = async () => {
      await listener?.close();
      await pool.end();
    };
    announce = async (key) => {
      await database.db.execute(sql`select pg_notify(${LOCK_RELEASE_CHANNEL}, ${key})`);
    };
  } else {
    const { db } = database;
    const session: LockSession = {
      async tryLock(key) {
        const rows = await selectRows<{ taken: boolean }>(
          db,
          sql`select pg_try_advisory_lock(hashtextextended(${`threadfolk:${key}`}, 0)) as taken`,
        );
        return rows[0]?.taken === true;
      },
      async unlock(key) {
        await db.execute(sql`select pg_advisory_unlock(hashtextextended(${`threadfolk:${key}`}, 0))`);
      },
      done: () => undefined,
    };
    openSession = async () => session;
    closeSessions = async () => undefined;
    announce = async () => undefined;
  }

  return {
    name: "database",
    async tryTake(key) {
      const session = await openSession();
      let taken: boolean;
      try {
        taken = await session.tryLock(key);
      } catch (error) {
        session.done(true);
        throw error;
      }
      if (!taken) {
        session.done();
        return undefined;
      }
      return async () => {
        try {
          await session.unlock(key);
          session.done();
        } catch (error) {
          // The session is gone, and its lock with it.
          session.done(true);
          options.onError?.(error);
        }
      };
    },
    async requestRelease(key) {
      dispatch(key);
      await announce(key);
    },
    onReleaseRequested(listener) {
      listeners.add(listener);
    },
    close: () => closeSessions(),
  };
}
