import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { describeWindow, type HitOptions, type RateLimitCounters } from "./counters.ts";

/**
 * The window of KEYS[1], a sorted set of hits scored by their time in milliseconds, read after dropping the
 * hits that have left it. Redis's clock decides, so every instance counts together. Shared by both scripts.
 * Returns count, oldest age and newest age (ms, as strings: Lua numbers come back as integers otherwise).
 */
const READ_WINDOW = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + tonumber(time[2]) / 1000
local windowMs = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - windowMs)
local count = redis.call('ZCARD', KEYS[1])
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
local newest = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
local oldestAge = oldest[2] and tostring(now - tonumber(oldest[2])) or ''
local newestAge = newest[2] and tostring(now - tonumber(newest[2])) or ''
`;

/**
 * ARGV: window ms, limit, backoff after-count (or -1), base seconds, max seconds, a unique member for the hit.
 * The rule of `describeWindow`; records the hit (scored now) only when it is allowed.
 */
const HIT_SCRIPT = `${READ_WINDOW}
local limit = tonumber(ARGV[2])
local after = tonumber(ARGV[3])
local allowed = count < limit
if allowed and after >= 0 and count >= after and newest[2] then
  local delayMs = math.min(tonumber(ARGV[4]) * 2 ^ math.min(count - after, 40), tonumber(ARGV[5])) * 1000
  allowed = now - tonumber(newest[2]) >= delayMs
end
if not allowed then return {0, count, oldestAge, newestAge, ''} end
local member = string.format('%.3f', now) .. ':' .. ARGV[6]
redis.call('ZADD', KEYS[1], now, member)
redis.call('PEXPIRE', KEYS[1], math.ceil(windowMs))
if oldestAge == '' then oldestAge = '0' end
return {1, count + 1, oldestAge, '0', member}
`;

const PEEK_SCRIPT = `${READ_WINDOW}
return {0, count, oldestAge, newestAge, ''}
`;

type ScriptReply = [number, number, string, string, string];

const ageOf = (value: string) => (value === "" ? undefined : Number(value));

/** Counters in Redis (REDIS_URL): one sorted set of hit times per key, checked and written by one Lua script. */
export function createRedisCounters(options: { url: string }): RateLimitCounters {
  const redis = new Redis(options.url, { maxRetriesPerRequest: 2 });
  redis.defineCommand("rateLimitHit", { numberOfKeys: 1, lua: HIT_SCRIPT });
  redis.defineCommand("rateLimitPeek", { numberOfKeys: 1, lua: PEEK_SCRIPT });
  const scripts = redis as unknown as Record<
    "rateLimitHit" | "rateLimitPeek",
    (key: string, ...args: Array<string | number>) => Promise<ScriptReply>
  >;
  const redisKey = (key: string) => `rate-limit:${key}`;

  function argumentsOf(hit: HitOptions): Array<string | number> {
    const { backoff } = hit;
    return [
      hit.windowSeconds * 1000,
      hit.limit,
      backoff ? backoff.afterCount : -1,
      backoff?.baseSeconds ?? 0,
      backoff?.maxSeconds ?? 0,
      randomUUID(),
    ];
  }

  async function run(script: "rateLimitHit" | "rateLimitPeek", hit: HitOptions) {
    const [recorded, count, oldest, newest, member] = await scripts[script](redisKey(hit.key), ...argumentsOf(hit));
    if (Number(recorded) !== 1) {
      return describeWindow({
        options: hit,
        count: Number(count),
        oldestAgeMs: ageOf(oldest),
        newestAgeMs: ageOf(newest),
      });
    }
    const answer = describeWindow({
      options: { ...hit, backoff: undefined, limit: Number.POSITIVE_INFINITY },
      count: Number(count),
      oldestAgeMs: ageOf(oldest),
      newestAgeMs: 0,
    });
    return { ...answer, allowed: true, hitId: member };
  }

  return {
    name: "redis",
    hit: (hit) => run("rateLimitHit", hit),
    peek: (hit) => run("rateLimitPeek", hit),
    async release({ key, hitId }) {
      await redis.zrem(redisKey(key), hitId);
    },
    async reset({ key }) {
      await redis.del(redisKey(key));
    },
    async close() {
      await redis.quit();
    },
  };
}
