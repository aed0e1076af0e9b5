// Webhook delivery against a real database on each driver and real receivers on 127.0.0.1: the
// outbox commits with the change, retries follow the schedule, slow receivers time out, several
// dispatchers never send one attempt twice, and the guard refuses private targets.
import { sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReceiver, type Receiver } from "../webhook-receiver";
import { approvedWithCallback, bootedDemoOrg, demoOrg, drivers, dropTarget, freshTarget, invoiceRequest, queryRows, withStudio, type Target } from "./support";

type Env = Record<string, string>;

async function orgSecret(client: Parameters<Parameters<typeof withStudio>[1]>[0], orgId: number): Promise<string> {
  const [row] = await queryRows<{ webhook_secret: string }>(client, sql`SELECT webhook_secret FROM organizations WHERE id = ${orgId}`);
  return row!.webhook_secret;
}

describe.each(drivers)("webhooks on %s", (driver) => {
  let target: Target;
  const receivers: Receiver[] = [];
  const env = (extra: Env = {}): Env => ({ SEED_DEMO_INVOICES: "0", WEBHOOK_POLL_MS: "50", WEBHOOK_ALLOW_PRIVATE: "1", ...extra });
  beforeAll(async () => {
    target = await freshTarget(driver, "webhooks");
  });
  afterAll(async () => {
    await Promise.all(receivers.map((receiver) => receiver.close()));
    await dropTarget(target);
  });
  const receiver = async (...args: Parameters<typeof startReceiver>) => {
    const started = await startReceiver(...args);
    receivers.push(started);
    return started;
  };

  it("a receiver answering 500 three times gets one event id four times at the schedule's gaps, signed, and the object's next event only after", async () => {
    await withStudio(
      target,
      async (client) => {
        const hooks = await receiver((request, received) => {
          const seen = received.filter((entry) => entry.id === request.id).length;
          return JSON.parse(request.body).status === "approved" && seen <= 3 ? { status: 500, body: "try later" } : { status: 200 };
        });
        const { startDispatcher } = await import("@/lib/studio/webhooks/dispatcher");
        const dispatcher = startDispatcher();
        try {
          const [invoiceId] = await approvedWithCallback(target, hooks.url);
          const { cancelInvoice } = await import("@/lib/studio/invoices/cancel-invoice");
          const { getInvoice } = await import("@/lib/studio/invoices/get-invoice");
          const finance = await (await bootedDemoOrg(target)).principal("finance");
          await cancelInvoice({ principal: finance, id: invoiceId!, request: undefined });
          await hooks.waitFor((received) => received.length >= 5, 15_000);

          const [first, ...rest] = hooks.received;
          const approvedId = first!.id;
          expect(hooks.of(approvedId)).toHaveLength(4);
          // The cancellation waited for the approval to be delivered: events of one object arrive in order.
          expect(hooks.received.map((entry) => JSON.parse(entry.body).status)).toEqual(["approved", "approved", "approved", "approved", "cancelled"]);
          const gaps = hooks.of(approvedId).slice(1).map((entry, index) => (entry.at - hooks.of(approvedId)[index]!.at) / 1000);
          // Never early (the schedule's floor, to the receiver's clock); the ceiling only has to hold
          // on a loaded 2-core machine: the exact due times are checked on the outbox, without a clock race,
          // by "without WEBHOOK_RETRY_SCHEDULE".
          [1, 2, 3].forEach((expected, index) => {
            expect(gaps[index]).toBeGreaterThan(expected - 0.05);
            expect(gaps[index]).toBeLessThan(expected + 10);
          });

          // Every request verifies with the reference library, unchanged; the body is the record as GET
          // returns it, flat (KryptoGO's callback body), and the event id travels as webhook-id.
          const verifier = new Webhook(await orgSecret(client, demoOrg(target).orgId));
          for (const entry of hooks.received) {
            const record = verifier.verify(entry.body, entry.headers) as { id: string; status: string };
            expect(entry.id).toMatch(/^evt_/);
            expect(record.id).toBe(invoiceId);
          }
          const cancelled = JSON.parse(rest.at(-1)!.body);
          expect(cancelled).toEqual({ ...JSON.parse(JSON.stringify(await getInvoice({ principal: finance, id: invoiceId! }))), event_type: "invoice.cancelled", object: "invoice" });
          const tampered = hooks.received[0]!;
          expect(() => verifier.verify(tampered.body.replace("invoice", "payout"), tampered.headers)).toThrow();

          const attempts = await queryRows<{ attempt_number: number; status_code: number; error: string | null; response_body: string; latency_ms: number }>(
            client,
            sql`SELECT attempt_number, status_code, error, response_body, latency_ms FROM webhook_attempts WHERE event_id = ${approvedId} ORDER BY attempt_number`,
          );
          expect(attempts.map((row) => [row.attempt_number, row.status_code, row.error, row.response_body])).toEqual([
            [1, 500, "HTTP 500", "try later"],
            [2, 500, "HTTP 500", "try later"],
            [3, 500, "HTTP 500", "try later"],
            [4, 200, null, "ok"],
          ]);
          const [event] = await queryRows<{ status: string }>(client, sql`SELECT status FROM webhook_events WHERE id = ${approvedId}`);
          expect(event!.status).toBe("delivered");
        } finally {
          await dispatcher.stop();
        }
      },
      env({ WEBHOOK_RETRY_SCHEDULE: "1,2,3" }),
    );
  });

  it("without WEBHOOK_RETRY_SCHEDULE a failing receiver is retried after 30 s, 2 min, 10 min, 30 min, 2 h, 6 h, 12 h and 24 h, then failed", async () => {
    await withStudio(
      target,
      async (client) => {
        const hooks = await receiver(() => ({ status: 500, body: "down" }));
        const { drainOutbox } = await import("@/lib/studio/webhooks/dispatcher");
        const [invoiceId] = await approvedWithCallback(target, hooks.url);
        const [event] = await queryRows<{ id: string }>(client, sql`SELECT id FROM webhook_events WHERE object_id = ${invoiceId}`);
        const eventRow = async () =>
          (await queryRows<{ status: string; due_ms: number }>(
            client,
            sql`SELECT status, (extract(epoch FROM next_attempt_at) * 1000)::float8 AS due_ms FROM webhook_events WHERE id = ${event!.id}`,
          ))[0]!;
        const minutes = 60;
        const hours = 60 * minutes;
        const expectedStepsSeconds = [30, 2 * minutes, 10 * minutes, 30 * minutes, 2 * hours, 6 * hours, 12 * hours, 24 * hours];
        for (const [index, stepSeconds] of expectedStepsSeconds.entries()) {
          const before = Date.now();
          await drainOutbox();
          const after = Date.now();
          expect(hooks.of(event!.id)).toHaveLength(index + 1);
          const row = await eventRow();
          expect(row.status).toBe("pending");
          // The retry is due one step after the attempt failed, which happened inside [before, after].
          const dueAt = Number(row.due_ms);
          expect(dueAt, `retry ${index + 1}`).toBeGreaterThanOrEqual(before + stepSeconds * 1000);
          expect(dueAt, `retry ${index + 1}`).toBeLessThanOrEqual(after + stepSeconds * 1000);
          // Nothing is sent before it is due ...
          await drainOutbox();
          expect(hooks.of(event!.id)).toHaveLength(index + 1);
          // ... and once its time has come (moved here instead of waited for), it is.
          await queryRows(client, sql`UPDATE webhook_events SET next_attempt_at = ${new Date(before - 1_000).toISOString()}::timestamptz WHERE id = ${event!.id}`);
        }
        await drainOutbox();
        expect(hooks.of(event!.id)).toHaveLength(expectedStepsSeconds.length + 1);
        expect((await eventRow()).status).toBe("failed");
      },
      { ...env(), WEBHOOK_RETRY_SCHEDULE: undefined },
    );
  });

  it("a receiver slower than the timeout is retried; a 3xx is a failure and its Location is not followed", async () => {
    await withStudio(
      target,
      async (client) => {
        const elsewhere = await receiver();
        const slow = await receiver((request, received) => {
          const seen = received.filter((entry) => entry.id === request.id).length;
          if (seen === 1) return { status: 200, delayMs: 1_500 };
          if (seen === 2) return { status: 302, headers: { location: elsewhere.url } };
          return { status: 204 };
        });
        const { drainOutbox } = await import("@/lib/studio/webhooks/dispatcher");
        await approvedWithCallback(target, slow.url);
        const deadline = Date.now() + 10_000;
        while (slow.received.length < 3 && Date.now() < deadline) {
          await drainOutbox();
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        const id = slow.received[0]!.id;
        expect(slow.of(id)).toHaveLength(3);
        expect(elsewhere.received).toHaveLength(0);
        const attempts = await queryRows<{ attempt_number: number; status_code: number | null; error: string | null; latency_ms: number }>(
          client,
          sql`SELECT attempt_number, status_code, error, latency_ms FROM webhook_attempts WHERE event_id = ${id} ORDER BY attempt_number`,
        );
        expect(attempts[0]).toMatchObject({ status_code: null, error: "timed out after 500 ms" });
        expect(attempts[0]!.latency_ms).toBeGreaterThanOrEqual(490);
        expect(attempts[1]).toMatchObject({ status_code: 302, error: expect.stringContaining("redirect not followed") });
        expect(attempts[2]).toMatchObject({ status_code: 204, error: null });
      },
      env({ WEBHOOK_RETRY_SCHEDULE: "0,0", WEBHOOK_TIMEOUT_MS: "500" }),
    );
  });

  it("a receiver that never answers holds only its own endpoint's few attempts: another organization's deliveries go through meanwhile", async () => {
    await withStudio(
      target,
      async (client) => {
        // Answers nothing for far longer than the attempt timeout: each attempt to it waits the whole timeout.
        const stuck = await receiver(() => ({ status: 200, delayMs: 600_000 }));
        const healthy = await receiver();
        // The stuck organization's 30 events are older than the other's 10: oldest-first alone would send them first.
        await approvedWithCallback(target, stuck.url, 30);
        const other = demoOrg(target, 1);
        const { authenticate } = await import("@/lib/studio/auth/principal");
        const { createInvoice } = await import("@/lib/studio/invoices/create-invoice");
        const { approveInvoice } = await import("@/lib/studio/invoices/approve-invoice");
        const [finance, approver] = [await authenticate(other.key("finance")), await authenticate(other.key("approver"))];
        for (let i = 0; i < 10; i++) {
          const created = await createInvoice({ principal: finance, clientId: other.clientId, request: invoiceRequest({ callback_url: healthy.url }) });
          await approveInvoice({ principal: approver, id: created.id });
        }
        const { startDispatcher } = await import("@/lib/studio/webhooks/dispatcher");
        const dispatcher = startDispatcher();
        try {
          await healthy.waitFor((received) => new Set(received.map((entry) => entry.id)).size >= 10, 120_000);
          // Every one of the other organization's events was delivered before the first attempt to
          // the stuck receiver could end (by its timeout): none of them waited on it.
          const stuckAttempts = await queryRows<{ n: number }>(
            client,
            sql`SELECT count(*)::int AS n FROM webhook_attempts a JOIN webhook_events e ON e.id = a.event_id WHERE e.url = ${stuck.url}`,
          );
          expect(stuckAttempts[0]!.n).toBe(0);
          // And the stuck endpoint never had more than its cap of attempts open at once.
          expect(stuck.received.length).toBeGreaterThan(0);
          expect(stuck.received.length).toBeLessThanOrEqual(3);
        } finally {
          // Cut the stuck connections so the attempts in flight end now rather than at their timeout.
          await stuck.close();
          await dispatcher.stop();
        }
      },
      env({ WEBHOOK_TIMEOUT_MS: "60000", WEBHOOK_RETRY_SCHEDULE: "", WEBHOOK_ENDPOINT_CONCURRENCY: "3" }),
    );
  }, 180_000);

  it("four dispatchers draining one outbox concurrently send every attempt exactly once", async () => {
    await withStudio(
      target,
      async (client) => {
        // Every event fails its first attempt, so each is claimed twice: once per attempt, never more.
        const hooks = await receiver((request, received) => ({ status: received.filter((entry) => entry.id === request.id).length === 1 ? 503 : 200 }));
        await approvedWithCallback(target, hooks.url, 40);
        const { drainOutbox } = await import("@/lib/studio/webhooks/dispatcher");
        // A safety net, not a bound: each endpoint has at most WEBHOOK_ENDPOINT_CONCURRENCY attempts in flight,
        // so on a loaded machine the 80 attempts take a while.
        const deadline = Date.now() + 90_000;
        const drainer = async () => {
          while (hooks.received.length < 80 && Date.now() < deadline) {
            if ((await drainOutbox(3)) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
          }
        };
        await Promise.all([drainer(), drainer(), drainer(), drainer()]);
        await new Promise((resolve) => setTimeout(resolve, 300));
        const ids = new Set(hooks.received.map((entry) => entry.id));
        expect(ids.size).toBe(40);
        for (const id of ids) expect(hooks.of(id)).toHaveLength(2);
        const rows = await queryRows<{ attempts: number; events: number }>(
          client,
          sql`SELECT count(*)::int AS attempts, count(DISTINCT event_id)::int AS events FROM webhook_attempts a JOIN webhook_events e ON e.id = a.event_id WHERE e.url = ${hooks.url}`,
        );
        expect(rows[0]).toEqual({ attempts: 80, events: 40 });
      },
      env({ WEBHOOK_RETRY_SCHEDULE: "0" }),
    );
  }, 180_000);

  it("with the guard on, a loopback callback is refused (by address and by name) and the refusal is recorded", async () => {
    await withStudio(
      target,
      async (client) => {
        const hooks = await receiver();
        const byName = hooks.url.replace("127.0.0.1", "localhost");
        await approvedWithCallback(target, hooks.url);
        await approvedWithCallback(target, byName);
        const { drainOutbox } = await import("@/lib/studio/webhooks/dispatcher");
        for (let round = 0; round < 3; round++) await drainOutbox();
        expect(hooks.received).toHaveLength(0);
        const rows = await queryRows<{ url: string; status: string; attempt_number: number; status_code: number | null; error: string }>(
          client,
          sql`SELECT e.url, e.status, a.attempt_number, a.status_code, a.error FROM webhook_events e JOIN webhook_attempts a ON a.event_id = e.id
              WHERE e.url IN (${hooks.url}, ${byName}) ORDER BY e.seq, a.attempt_number`,
        );
        expect(rows).toEqual([
          { url: hooks.url, status: "failed", attempt_number: 1, status_code: null, error: expect.stringMatching(/^refused: 127\.0\.0\.1 is a loopback address/) },
          { url: byName, status: "failed", attempt_number: 1, status_code: null, error: "refused: localhost resolves to a loopback address (set WEBHOOK_ALLOW_PRIVATE=1 to allow private targets)" },
        ]);
      },
      // No retries: the one refused attempt is recorded and the event is failed.
      env({ WEBHOOK_ALLOW_PRIVATE: "0", WEBHOOK_RETRY_SCHEDULE: "" }),
    );
  });

  it("a status change that rolls back leaves no event", async () => {
    await withStudio(
      target,
      async (client) => {
        const { clientId, principal } = await bootedDemoOrg(target);
        const { createInvoice } = await import("@/lib/studio/invoices/create-invoice");
        const { approveInvoice } = await import("@/lib/studio/invoices/approve-invoice");
        const { unitOfWork } = await import("@/lib/studio/core/unit-of-work");
        const url = "http://127.0.0.1:9/rolled-back";
        const created = await createInvoice({ principal: await principal("finance"), clientId, request: invoiceRequest({ callback_url: url }) });
        const approver = await principal("approver");
        await expect(
          unitOfWork(async () => {
            await approveInvoice({ principal: approver, id: created.id });
            // Not visible outside the transaction before it commits (PGlite has one connection: the
            // query would wait for this very transaction).
            if (driver === "postgres") {
              const outside = await queryRows<{ count: number }>(client, sql`SELECT count(*)::int AS count FROM webhook_events WHERE object_id = ${created.id}`);
              expect(outside[0]!.count).toBe(0);
            }
            throw new Error("roll back");
          }),
        ).rejects.toThrow("roll back");
        const rows = await queryRows<{ events: number; status: string }>(
          client,
          sql`SELECT (SELECT count(*)::int FROM webhook_events WHERE object_id = ${created.id}) AS events, status FROM invoices WHERE id = ${created.id}`,
        );
        expect(rows[0]).toEqual({ events: 0, status: "approval_pending" });
        // Creation writes no event; the committed approval writes exactly one.
        await approveInvoice({ principal: approver, id: created.id });
        const after = await queryRows<{ type: string }>(client, sql`SELECT type FROM webhook_events WHERE object_id = ${created.id}`);
        expect(after).toEqual([{ type: "invoice.approved" }]);
      },
      env(),
    );
  });
});
