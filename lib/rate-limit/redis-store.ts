import { createHash } from "node:crypto";
import { describe, microsFromMillis } from "@/lib/rate-limit/gcra";
import type { RateLimitStore } from "@/lib/rate-limit/store";
import { log } from "@/lib/observability/log";

// GCRA's `decide` (gcra.ts) as one Lua script: Redis runs a script atomically, so the read, the
// test and the write cannot interleave with another server's. The clock is Redis's own (TIME), so
// every app server shares it; tests may pass a time instead. The key expires when its bucket is
// full again, so Redis needs no sweeping. Times are whole microseconds, formatted with %.0f:
// Lua's tostring would print them with 14 significant digits.
const TAKE = `
local now
if ARGV[1] == '' then
  local time = redis.call('TIME')
  now = tonumber(time[1]) * 1000000 + tonumber(time[2])
else
  now = tonumber(ARGV[1])
end
local interval = tonumber(ARGV[2])
local burst = tonumber(ARGV[3])
local tat = tonumber(redis.call('GET', KEYS[1]) or now)
local base = math.max(tat, now)
local next = base + interval
if next - now <= burst * interval then
  redis.call('SET', KEYS[1], string.format('%.0f', next), 'PX', math.ceil((next - now) / 1000))
  return {1, string.format('%.0f', next), string.format('%.0f', now)}
end
return {0, string.format('%.0f', base), string.format('%.0f', now)}`;

const GIVE_BACK = `
local tat = tonumber(redis.call('GET', KEYS[1]))
if not tat then return 0 end
local ttl = redis.call('PTTL', KEYS[1]) - math.floor(tonumber(ARGV[1]) / 1000)
if ttl <= 0 then redis.call('DEL', KEYS[1]) return 1 end
redis.call('SET', KEYS[1], string.format('%.0f', tat - tonumber(ARGV[1])), 'PX', ttl)
return 1`;

const sha1 = (script: string) => createHash("sha1").update(script).digest("hex");
const SCRIPTS = { take: { text: TAKE, sha: sha1(TAKE) }, giveBack: { text: GIVE_BACK, sha: sha1(GIVE_BACK) } };

/** What the store needs of a node-redis client. */
export type RedisConnection = {
  isOpen: boolean;
  connect(): Promise<unknown>;
  sendCommand(args: string[]): Promise<unknown>;
  del(key: string): Promise<unknown>;
  close(): Promise<unknown>;
};

/** A client for `url`, not yet connected; node-redis is loaded only by processes that use it. */
export async function redisClient(url: string): Promise<RedisConnection> {
  const { createClient } = await import("redis");
  // Commands fail at once while disconnected instead of queueing until Redis is back: the caller
  // (fallback-store.ts) then counts in the database.
  const client = createClient({ url, disableOfflineQueue: true, socket: { connectTimeout: 1000 } });
  // node-redis reconnects by itself; without a listener an "error" event would end the process.
  client.on("error", (error: unknown) => log.error({ err: error }, "rate limit: Redis error"));
  return client;
}

/**
 * Counters in Redis under `prefix` (one string per key holding its TAT). `connection` is created
 * and connected on first use.
 */
export function redisStore(connection: () => Promise<RedisConnection>, prefix = "studio:rate:"): RateLimitStore {
  let opened: Promise<RedisConnection> | undefined;
  const ready = (): Promise<RedisConnection> => {
    opened ??= connection()
      .then(async (client) => {
        if (!client.isOpen) await client.connect();
        return client;
      })
      .catch((error: unknown) => {
        opened = undefined;
        throw error;
      });
    return opened;
  };
  // EVALSHA sends 40 bytes instead of the script; Redis answers NOSCRIPT once after a restart.
  const run = async (script: { text: string; sha: string }, key: string, args: string[]) => {
    const client = await ready();
    try {
      return await client.sendCommand(["EVALSHA", script.sha, "1", prefix + key, ...args]);
    } catch (error) {
      if (!String((error as Error).message).startsWith("NOSCRIPT")) throw error;
      return client.sendCommand(["EVAL", script.text, "1", prefix + key, ...args]);
    }
  };
  return {
    async take(key, policy, nowMs) {
      const clock = nowMs === undefined ? "" : String(microsFromMillis(nowMs));
      const reply = await run(SCRIPTS.take, key, [clock, String(policy.intervalUs), String(policy.burst)]);
      const [allowed, tat, now] = reply as unknown as [number, string, string];
      return describe(allowed === 1, Number(tat), Number(now), policy);
    },
    async giveBack(key, policy) {
      await run(SCRIPTS.giveBack, key, [String(policy.intervalUs)]);
    },
    async clear(key) {
      await (await ready()).del(prefix + key);
    },
    async purgeIdle() {
      return 0;
    },
  };
}
