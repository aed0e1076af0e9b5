// Rate limits on the built app (`next start`): two servers on one PostgreSQL database share one
// budget per API key and one sign-in throttle per account, with the counters in the database and
// again with them in Redis (REDIS_URL). PGlite is single-process, so on the PGlite run there is one
// server (and the test says so in its name).
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisClient, type RedisConnection } from "@/lib/rate-limit/redis-store";
import { PAY_PAGE_POLICIES } from "@/lib/studio/pay/rate-limit";
import { dropTarget, freshTarget, type Target } from "../node/support";
import { assertBuilt, freePort, startServer, stopServer, waitHealthy, type Server } from "./server";

const LIMIT = 5;
const driver: Target["driver"] = process.env.DATABASE_URL ? "postgres" : "pglite";
const serverCount = driver === "postgres" ? 2 : 1;
const WARM_UP_EMAIL = "nobody@nowhere.test";
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const where = serverCount === 2 ? "across two app servers on one PostgreSQL database" : "on one app server on PGlite (single-process, so one server; DATABASE_URL runs two)";

type DemoUser = { role: string; email: string; password: string; api_key: string };

describe.each(["the database", "Redis"] as const)(`rate limits ${where}, counters in %s`, (store) => {
  let target: Target;
  let logDir: string;
  const servers: Array<{ url: string; server: Server }> = [];
  let users: DemoUser[] = [];
  let clientId = "";
  // Requests alternate between the servers: the n-th goes to servers[n % count].
  const via = (n: number) => servers[n % servers.length]!.url;
  const user = (role: string) => users.find((candidate) => candidate.role === role)!;

  beforeAll(async () => {
    assertBuilt();
    target = await freshTarget(driver, "ratelimit");
    logDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-rate-limit-logs-"));
    // One after the other: the first migrates and seeds the database the second then uses.
    for (let n = 1; n <= serverCount; n++) {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      // The sign-in throttle is tested on the demo accounts.
      const env: Record<string, string> = { STUDIO_RATE_LIMIT: String(LIMIT), SEED_DEMO_ACCOUNTS: "1", ...(store === "Redis" ? { REDIS_URL } : {}) };
      const server = startServer(target, port, path.join(logDir, `server-${n}.log`), env);
      servers.push({ url, server });
      await waitHealthy(url, server);
    }
    const demo = JSON.parse(fs.readFileSync(path.join(target.dataDir, "demo-credentials.json"), "utf8")).orgs[0];
    users = demo.users;
    clientId = demo.client_id;
    // Every seed gives the demo accounts the same emails: an earlier run's sign-in counts may still
    // be in Redis (the API keys are new each seed).
    if (store === "Redis") {
      const keys = [WARM_UP_EMAIL, ...users.map((demo) => demo.email)].flatMap((email) => [signInKey(email), `${signInKey(email)}:1`]);
      await redis((client) => client.sendCommand(["DEL", ...keys, ...SHARED_KEYS]));
    }
    // Load the API and sign-in routes on every server, with a key and an account the tests leave alone.
    for (const { url } of servers) {
      expect((await getMe(url, user("approver").api_key)).status).toBe(200);
      expect((await signIn(url, WARM_UP_EMAIL, "wrong")).status).toBe(401);
    }
  }, 240_000);

  afterAll(async () => {
    for (const { server } of servers) await stopServer(server);
    if (target) await dropTarget(target);
    console.log(`rate-limit server logs: ${logDir}`);
  });

  it(`one API key gets ${LIMIT} requests at once in all, whichever server answers; then 429 with Retry-After`, async () => {
    const key = user("finance").api_key;
    const burst = async () => {
      const started = performance.now();
      const responses = await Promise.all(Array.from({ length: 4 * LIMIT }, (_, n) => getMe(via(n), key)));
      return { responses, elapsedMs: performance.now() - started };
    };
    // Budgets per server would show only in a burst shorter than one refill of the budget (a second
    // at LIMIT per second). A loaded machine may take longer: then the burst is sent again, once the
    // budget is full again, rather than judged on what its refills let through.
    let { responses, elapsedMs } = await burst();
    for (let tries = 1; serverCount === 2 && elapsedMs >= 1_000 && tries < 5; tries++) {
      await sleep(1_000);
      ({ responses, elapsedMs } = await burst());
    }
    const allowed = responses.filter((response) => response.status === 200);
    const refused = responses.filter((response) => response.status === 429);
    expect(allowed.length + refused.length).toBe(responses.length);
    // The burst, plus what the steady rate (LIMIT per second) refilled while the requests ran.
    expect(allowed.length).toBeGreaterThanOrEqual(LIMIT);
    expect(allowed.length).toBeLessThanOrEqual(LIMIT + Math.ceil((elapsedMs / 1000) * LIMIT));
    if (serverCount === 2) {
      expect(elapsedMs, "no burst of 20 requests was answered within a second in 5 tries").toBeLessThan(1_000);
      // A budget per server would have let at least LIMIT through on each.
      expect(allowed.length, `answered in ${Math.round(elapsedMs)} ms`).toBeLessThan(2 * LIMIT);
      for (let n = 0; n < 2; n++) expect(responses.some((response, i) => i % 2 === n && response.status === 429)).toBe(true);
    }
    for (const response of allowed) {
      expect(response.headers.get("ratelimit-limit")).toBe(String(LIMIT));
      expect(Number(response.headers.get("ratelimit-remaining"))).toBeLessThan(LIMIT);
      expect(response.headers.get("ratelimit-policy")).toBe(`${LIMIT};w=1`);
      expect(response.headers.get("retry-after")).toBeNull();
    }

    const rejection = refused[0]!;
    const body = await rejection.json();
    expect(Object.keys(body).sort()).toEqual(["code", "message", "request_id"]);
    expect(body.code).toBe(42900);
    expect(body.message).toMatch(/Too many requests/);
    expect(body.request_id).toBe(rejection.headers.get("x-request-id"));
    const retryAfter = rejection.headers.get("retry-after");
    expect(retryAfter).toMatch(/^\d+$/);
    // At LIMIT per second the next request fits within a second.
    expect(Number(retryAfter)).toBe(1);
    expect(rejection.headers.get("ratelimit-limit")).toBe(String(LIMIT));
    expect(rejection.headers.get("ratelimit-remaining")).toBe("0");
    expect(Number(rejection.headers.get("ratelimit-reset"))).toBeGreaterThanOrEqual(1);

    // Another key has its own budget, on every server, even while this one is refused.
    for (const { url } of servers) {
      const other = await getMe(url, user("viewer").api_key);
      expect(other.status).toBe(200);
      expect(Number(other.headers.get("ratelimit-remaining"))).toBeGreaterThanOrEqual(LIMIT - servers.length);
    }

    await sleep(Number(retryAfter) * 1000);
    for (const { url } of servers) expect((await getMe(url, key)).status).toBe(200);
  });

  it("every answer to an authenticated request carries the headers, errors included; unauthenticated ones do not", async () => {
    const key = user("admin").api_key;
    const missing = await fetch(`${via(1)}/v1/studio/api/invoice/intent/inv_missing`, { headers: { "X-STUDIO-API-KEY": key } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("ratelimit-limit")).toBe(String(LIMIT));
    expect(Number(missing.headers.get("ratelimit-remaining"))).toBe(LIMIT - 1);
    const anonymous = await getMe(via(0), "stk_not_a_key");
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("ratelimit-limit")).toBeNull();
  });

  it("the sign-in throttle holds across servers: five wrong passwords in all, then 429 even for the right one", async () => {
    const locked = user("approver");
    const statuses: number[] = [];
    for (let n = 0; n < 8; n++) statuses.push((await signIn(via(n), locked.email, "wrong password")).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    for (const { url } of servers) {
      const refused = await signIn(url, locked.email, locked.password);
      expect(refused.status).toBe(429);
      expect((await refused.json()).code).toBe(42900);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    // Other accounts are unaffected.
    expect((await signIn(via(1), user("finance").email, user("finance").password)).status).toBe(200);
    // And the counts are where this run put them.
    if (store === "Redis") expect(await redis((client) => client.sendCommand(["PTTL", signInKey(locked.email)]))).toBeGreaterThan(60_000);
  });

  it("a success on one server clears the account's count on the others", async () => {
    const admin = user("admin");
    for (let n = 0; n < 4; n++) expect((await signIn(via(n), admin.email, "wrong password")).status).toBe(401);
    expect((await signIn(via(1), admin.email, admin.password)).status).toBe(200);
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++) statuses.push((await signIn(via(n), admin.email, "wrong password")).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it("wrong passwords put no lockout on an account: from an address it signed in from, the right password passes the delay", async () => {
    const finance = user("finance");
    // 127.0.0.1 (the socket's address, written by npm start) becomes known to the account.
    expect((await signIn(via(0), finance.email, finance.password)).status).toBe(200);
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++) statuses.push((await signIn(via(n), finance.email, "wrong password")).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // Still delayed for a wrong password, but the right one gets through, on any server.
    expect((await signIn(via(1), finance.email, "wrong password")).status).toBe(429);
    expect((await signIn(via(1), finance.email, finance.password)).status).toBe(200);
  });

  it("the payment page limits a client's lookups of unknown tokens, and its requests for one page; both say so with 429 and Retry-After", async () => {
    const refused = await untilRefused(PAY_PAGE_POLICIES.unknown, (n) => fetch(`${via(n)}/pay/${randomUUID()}/status`), 404);
    expect(await refused.json()).toMatchObject({ error: "rate_limited" });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // The page itself says it plainly, in the payer's language.
    const page = await fetch(`${via(1)}/pay/${randomUUID()}`, { headers: { "Accept-Language": "en" } });
    expect(await page.text()).toContain("Too many requests. Please wait a moment and reload.");

    // A real page: its own budget, untouched by the unknown tokens above.
    const finance = user("finance");
    const created = await fetch(`${via(0)}/v1/studio/api/payment/intent`, {
      method: "POST",
      headers: { "X-STUDIO-API-KEY": finance.api_key, "X-Client-ID": clientId, "Content-Type": "application/json" },
      body: JSON.stringify({ crypto_amount: "5", pay_token: "USDC", chain: "arb" }),
    });
    const intent = (await created.json()).data;
    expect(created.status, JSON.stringify(intent)).toBe(200);
    const statusUrl = (n: number) => `${via(n)}${new URL(intent.kg_deep_link).pathname}/status`;
    const pageRefused = await untilRefused(PAY_PAGE_POLICIES.page, (n) => fetch(statusUrl(n)), 200);
    expect(Number(pageRefused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });

  it(`requests without a valid key get ${LIMIT} at once per client address, then 429 with Retry-After; keys are unaffected`, async () => {
    const started = performance.now();
    const attempts = await Promise.all(Array.from({ length: 8 * LIMIT }, (_, n) => getMe(via(n), n % 2 ? "stk_not_a_key" : "")));
    const elapsedMs = performance.now() - started;
    const statuses = attempts.map((response) => response.status);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    // The burst, plus what the steady rate (LIMIT per second) refilled while the requests ran.
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(LIMIT + Math.ceil((elapsedMs / 1000) * LIMIT));
    const refused = attempts.find((response) => response.status === 429);
    expect(refused, `no 429 among ${statuses.length} requests answered in ${Math.round(elapsedMs)} ms`).toBeDefined();
    expect((await refused!.json()).code).toBe(42900);
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await getMe(via(0), user("viewer").api_key)).status).toBe(200);
  });
});

/**
 * Requests one at a time until the first 429 (at most three bursts' worth); checks that the burst got
 * through, plus no more than the policy refilled while they ran, and answers the refusal.
 */
async function untilRefused(policy: { burst: number; intervalUs: number }, request: (n: number) => Promise<Response>, allowedStatus: number): Promise<Response> {
  const started = performance.now();
  const statuses: number[] = [];
  let last: Response | undefined;
  while (statuses.length < 3 * policy.burst && last?.status !== 429) {
    last = await request(statuses.length);
    statuses.push(last.status);
  }
  const elapsedMs = performance.now() - started;
  const allowed = statuses.filter((status) => status === allowedStatus).length;
  expect(last?.status, `statuses: ${statuses.join(" ")}`).toBe(429);
  expect(allowed + 1).toBe(statuses.length);
  expect(allowed).toBeGreaterThanOrEqual(policy.burst);
  expect(allowed).toBeLessThanOrEqual(policy.burst + Math.ceil((elapsedMs * 1000) / policy.intervalUs));
  return last!;
}

describe("the sign-in limit per client address, with no trusted proxy", () => {
  const ADDRESS_LIMIT = 3;
  let target: Target;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    assertBuilt();
    target = await freshTarget(process.env.DATABASE_URL ? "postgres" : "pglite", "signinaddress");
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    server = startServer(target, port, path.join(target.dataDir, "server.log"), { SIGN_IN_ADDRESS_LIMIT: String(ADDRESS_LIMIT) });
    await waitHealthy(url, server);
  }, 240_000);

  afterAll(async () => {
    if (server) await stopServer(server);
    if (target) await dropTarget(target);
  });

  it("counts the socket's address whatever X-Forwarded-For a client claims (else anyone could block any address, or escape the limit)", async () => {
    const statuses: number[] = [];
    // A new claimed address and a new e-mail each time: only the socket's address is common to them.
    for (let n = 0; n < ADDRESS_LIMIT + 1; n++) {
      const response = await signIn(url, `nobody-${n}@nowhere.test`, "wrong", { "X-Forwarded-For": `203.0.113.${n + 1}` });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(ADDRESS_LIMIT).fill(401), 429]);
  });
});

const signInKey = (email: string) => `studio:rate:sign-in:account:${email}`;
// Every request of these tests comes from 127.0.0.1: its address counts, and the global sign-in count.
const SHARED_KEYS = ["studio:rate:sign-in:address:127.0.0.1", "studio:rate:sign-in:global", "studio:rate:api:keyless:127.0.0.1", "studio:rate:pay-unknown:127.0.0.1"];

async function redis<T>(work: (client: RedisConnection) => Promise<T>): Promise<T> {
  const client = await redisClient(REDIS_URL);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.close();
  }
}

function getMe(baseUrl: string, apiKey: string): Promise<Response> {
  return fetch(`${baseUrl}/v1/studio/api/me`, { headers: { "X-STUDIO-API-KEY": apiKey } });
}

function signIn(baseUrl: string, email: string, password: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${baseUrl}/api/auth/sign-in`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseUrl, ...headers },
    body: JSON.stringify({ email, password }),
  });
}
