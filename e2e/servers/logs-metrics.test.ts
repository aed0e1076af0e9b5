// Logs and metrics of `npm start` (issue 22 §1): every line is JSON, each request gets one access
// line with its request id, route pattern, status, duration and organization, and nothing a caller
// authenticates with is ever written; /metrics is off without METRICS_TOKEN, bearer-only with it,
// and counts the requests this server answered.
import fs from "node:fs";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, logLines, ownServer, suiteDriver, type OwnServer } from "./support";

const TOKEN = `metrics-${randomBytes(16).toString("hex")}`;

async function scrape(server: OwnServer, authorization?: string) {
  const response = await fetch(`${server.baseUrl}/metrics`, { headers: authorization ? { Authorization: authorization } : {} });
  return { status: response.status, text: await response.text() };
}

/** The value of one sample in a scrape (0 when the series is not there yet). */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe(`logs and metrics on ${suiteDriver}`, () => {
  let server: OwnServer;
  beforeAll(async () => {
    server = await ownServer("logs_metrics", suiteDriver, { METRICS_TOKEN: TOKEN, LOG_LEVEL: "info" });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("writes one JSON access line per request, with its request id and organization, and never a key, cookie or password", async () => {
    const key = server.access.key("finance");
    const requestId = `logs-${randomBytes(6).toString("hex")}`;
    const cookie = `studio_session=${randomBytes(12).toString("hex")}`;
    const bearer = `Bearer ${randomBytes(12).toString("hex")}`;
    const me = await call(server, "GET", "/me", key, undefined, { "X-Request-ID": requestId, Cookie: cookie, Authorization: bearer });
    expect(me.status).toBe(200);
    expect(me.headers.get("x-request-id")).toBe(requestId);
    // A refused key and a sign-in with a password go through the same logger.
    const wrongKey = `sk_test_${randomBytes(16).toString("hex")}`;
    expect((await call(server, "GET", "/me", wrongKey)).status).toBe(401);
    const password = `pw-${randomBytes(12).toString("hex")}`;
    const signIn = await fetch(`${server.baseUrl}/api/auth/sign-in`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.baseUrl, Cookie: cookie },
      body: JSON.stringify({ email: "nobody@example.test", password }),
    });
    expect(signIn.status).toBeGreaterThanOrEqual(400);

    // The access line is written when the answer is over: wait for it rather than for a time.
    let access: ReturnType<typeof logLines>[number] | undefined;
    while (!(access = logLines(server.logFile).find((line) => line.msg === "request" && line.request_id === requestId))) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(access).toMatchObject({
      level: "info",
      request_id: requestId,
      method: "GET",
      route: "/v1/studio/api/me",
      status: 200,
      org_id: server.access.orgId,
    });
    expect(typeof access.duration_ms).toBe("number");
    while (!logLines(server.logFile).some((line) => line.msg === "request" && line.route === "/api/auth/sign-in")) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const text = fs.readFileSync(server.logFile, "utf8");
    for (const line of text.split("\n").filter(Boolean)) expect(() => JSON.parse(line), line).not.toThrow();
    for (const secret of [key, wrongKey, password, cookie.split("=")[1]!, bearer.slice(7)]) expect(text).not.toContain(secret);
  });

  it("/metrics is bearer-only and counts a request made to the server", async () => {
    expect((await scrape(server)).status).toBe(401);
    expect((await scrape(server, `Bearer ${TOKEN}x`)).status).toBe(401);
    expect((await scrape(server, "Bearer short")).status).toBe(401);
    expect((await scrape(server, TOKEN)).status).toBe(401);

    const series = 'studio_http_requests_total{method="GET",route="/v1/studio/api/invoice/intent/[id]",status="404"}';
    const before = await scrape(server, `Bearer ${TOKEN}`);
    expect(before.status).toBe(200);
    const viewer = server.access.key("viewer");
    for (let index = 0; index < 3; index++) expect((await call(server, "GET", `/invoice/intent/inv_missing${index}`, viewer)).status).toBe(404);
    // Each request is counted once its answer is over; the scrape after them sees all three.
    let after = await scrape(server, `Bearer ${TOKEN}`);
    while (sample(after.text, series) < sample(before.text, series) + 3) after = await scrape(server, `Bearer ${TOKEN}`);
    expect(sample(after.text, series)).toBe(sample(before.text, series) + 3);
    const timed = series.replace("studio_http_requests_total", "studio_http_request_duration_seconds_count");
    expect(sample(after.text, timed)).toBe(sample(before.text, timed) + 3);

    // The outbox depths are read at the scrape, and the pool is PostgreSQL's.
    for (const outbox of ["webhook_deliveries", "chain_sends", "invoice_emails"]) {
      expect(after.text).toMatch(new RegExp(`^studio_outbox_depth\\{outbox="${outbox}"\\} \\d+$`, "m"));
    }
    if (suiteDriver === "postgres") expect(sample(after.text, 'studio_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    else expect(after.text).not.toContain("studio_db_pool_connections{");
  });

  it("/metrics is not there at all without METRICS_TOKEN", async () => {
    await server.stop();
    await server.start({ METRICS_TOKEN: undefined });
    expect((await scrape(server, `Bearer ${TOKEN}`)).status).toBe(404);
    expect((await scrape(server)).status).toBe(404);
  });
});
