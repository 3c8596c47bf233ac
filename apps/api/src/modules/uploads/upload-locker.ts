import { ERRORS, type Lock, type Locker, type RequestRelease } from "@tus/utils";
import { LockAbortedError, LockTimeoutError, type SharedLocks } from "../../adapters/locks/locks.ts";

/**
 * How long a request waits for an upload another request is writing. tus asks that one to finish and stops it
 * after its drain time (3 s), so a wait this long means something is stuck: the client is told to try again.
 */
export const UPLOAD_LOCK_TIMEOUT_MS = 10_000;

/**
 * tus's locker over the app's shared locks (decision 058): a request that reads or writes an upload holds the
 * upload's key in every instance at once (PostgreSQL advisory locks or Redis), never only in this process's
 * memory, so two instances behind a balancer can never both write one upload. As tus's own locker does, a
 * waiting request asks the holder to finish soon, whichever instance holds it.
 */
export function createUploadLocker(locks: SharedLocks): Locker {
  return {
    newLock(id: string): Lock {
      let release: (() => Promise<void>) | undefined;
      return {
        async lock(signal: AbortSignal, requestRelease: RequestRelease) {
          try {
            release = await locks.acquire(`upload:${id}`, {
              signal,
              timeoutMs: UPLOAD_LOCK_TIMEOUT_MS,
              onReleaseRequested: () => void requestRelease(),
            });
          } catch (error) {
            if (error instanceof LockAbortedError) throw ERRORS.ABORTED;
            if (error instanceof LockTimeoutError) {
              throw { status_code: 409, body: "Another request is writing this upload: try again in a moment" };
            }
            throw error;
          }
        },
        async unlock() {
          const held = release;
          release = undefined;
          await held?.();
        },
      };
    },
  };
}
