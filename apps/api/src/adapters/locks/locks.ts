/**
 * Locks shared by every instance of the app (decision 058): whoever holds a key holds it alone, across processes.
 * A backend only tries a key once and passes release requests between instances; `createSharedLocks` adds
 * what every backend needs the same way: exclusion inside this process, waiting with a deadline, and the
 * holder's release request (a waiter asks the holder to finish soon, as tus's locks do).
 */
export type LockBackend = {
  /** "database" (PostgreSQL advisory locks) or "redis". */
  name: string;
  /** Takes `key` if no process holds it: answers the release function, or undefined when it is held. */
  tryTake(key: string): Promise<(() => Promise<void>) | undefined>;
  /** Tells every instance (this one included) that someone waits for `key`. */
  requestRelease(key: string): Promise<void>;
  /** Calls `listener` with each key some instance waits for. */
  onReleaseRequested(listener: (key: string) => void): void;
  close(): Promise<void>;
};

export type AcquireOptions = {
  /** Aborting it stops the wait (the request went away): `acquire` then rejects with LockAbortedError. */
  signal?: AbortSignal;
  /** Longest wait; past it `acquire` rejects with LockTimeoutError. */
  timeoutMs: number;
  /** Called while this holder holds the key and someone else waits for it: finish soon and release. */
  onReleaseRequested?: () => void;
};

export type SharedLocks = {
  name: string;
  /** Waits until `key` is this caller's alone; answers its release (call it exactly once). */
  acquire(key: string, options: AcquireOptions): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export class LockTimeoutError extends Error {
  constructor(key: string) {
    super(`the lock ${key} was held by someone else for too long`);
  }
}

export class LockAbortedError extends Error {
  constructor(key: string) {
    super(`the wait for the lock ${key} was abandoned`);
  }
}

/** How often a waiter tries again: short at first, then every 100 ms. */
const RETRY_DELAYS_MS = [5, 10, 20, 40, 80, 100];

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}

/** Shared locks over a backend: see LockBackend. */
export function createSharedLocks(backend: LockBackend): SharedLocks {
  // Keys held in this process, with their holder's release request. Checked before the backend, which on the
  // embedded database (one session, whose advisory locks are re-entrant) could not tell two holders here apart.
  const heldHere = new Map<string, { onReleaseRequested?: () => void }>();
  backend.onReleaseRequested((key) => heldHere.get(key)?.onReleaseRequested?.());

  async function tryTake(key: string, holder: { onReleaseRequested?: () => void }) {
    if (heldHere.has(key)) return undefined;
    heldHere.set(key, holder);
    try {
      const release = await backend.tryTake(key);
      if (release) return release;
    } catch (error) {
      heldHere.delete(key);
      throw error;
    }
    heldHere.delete(key);
    return undefined;
  }

  return {
    name: backend.name,
    async acquire(key, options) {
      const { signal, timeoutMs } = options;
      const deadline = Date.now() + timeoutMs;
      const holder = { onReleaseRequested: options.onReleaseRequested };
      let asked = false;
      for (let attempt = 0; ; attempt += 1) {
        if (signal?.aborted) throw new LockAbortedError(key);
        const release = await tryTake(key, holder);
        if (release) {
          let released = false;
          return async () => {
            if (released) return;
            released = true;
            heldHere.delete(key);
            await release();
          };
        }
        if (!asked) {
          // Once per wait: the holder finishes soon (tus gives it a few seconds, then stops its request).
          asked = true;
          await backend.requestRelease(key);
        }
        const wait = Math.min(
          RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)] ?? 100,
          deadline - Date.now(),
        );
        if (wait <= 0) throw new LockTimeoutError(key);
        await sleep(wait, signal);
      }
    },
    close: () => backend.close(),
  };
}
