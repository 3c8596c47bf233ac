import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Marks work as heavy (decision 050): the statements sent to the embedded database while `runAsHeavyWork`'s
 * callback runs (and everything it awaits) go to the database thread's heavy lane, behind every light
 * statement waiting there (health checks, sign-in, the cart). Work put through a concurrency limit (search) is
 * heavy; everything else is light. PostgreSQL ignores the mark: its pool has a connection per statement.
 */
const heavyWork = new AsyncLocalStorage<true>();

export function runAsHeavyWork<T>(work: () => Promise<T>): Promise<T> {
  return heavyWork.run(true, work);
}

export function isHeavyWork(): boolean {
  return heavyWork.getStore() === true;
}
