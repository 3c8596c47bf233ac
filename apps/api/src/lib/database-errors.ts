/** The unique index a PostgreSQL unique violation (23505) hit, looking through Drizzle's error wrapping. */
export function violatedUniqueIndex(error: unknown): string | undefined {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: string; constraint?: string; message?: string };
    if (candidate.code === "23505") {
      return candidate.constraint ?? /"([^"]+)"/.exec(candidate.message ?? "")?.[1] ?? "unknown";
    }
  }
  return undefined;
}

/** Whether PostgreSQL chose this transaction as a deadlock's victim (SQLSTATE 40P01): it rolled back whole. */
export function isDeadlock(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: string }).code === "40P01") return true;
  }
  return false;
}

const DEADLOCK_ATTEMPTS = 4;

/**
 * Runs a transaction again when PostgreSQL broke a deadlock by rolling it back (decision 053). Two money paths may
 * lock the same order and cart in opposite orders (a completion locks the order, then its cart; a sign-in merge
 * or a placement locks the cart, then its order); the victim rolled back everything, so running it again is
 * safe, and the other one has finished by then.
 */
export async function retryOnDeadlock<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= DEADLOCK_ATTEMPTS || !isDeadlock(error)) throw error;
    }
  }
}
