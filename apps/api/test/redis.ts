import net from "node:net";

/** The Redis the tests use (the machines here and CI run one on 127.0.0.1:6379). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";

/** True when something at `url` answers a PING within a second. */
export async function isRedisReachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    const finish = (reachable: boolean) => {
      socket.destroy();
      resolve(reachable);
    };
    socket.setTimeout(1000, () => finish(false));
    socket.once("error", () => finish(false));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (data) => finish(data.toString().startsWith("+PONG")));
  });
}

/**
 * Whether the Redis tests run. `npm test` promises to need nothing but Node, so without a reachable Redis
 * they are skipped with a message; in CI (CI set) they always run, so a missing Redis fails there.
 */
export async function shouldRunRedisTests(suite: string): Promise<boolean> {
  if (process.env.CI) return true;
  if (await isRedisReachable(TEST_REDIS_URL)) return true;
  console.warn(
    `[${suite}] SKIPPED the Redis tests: no Redis answers at ${TEST_REDIS_URL}. ` +
      "Start one (or point TEST_REDIS_URL at one) to run them; with CI set they run and fail instead.",
  );
  return false;
}
