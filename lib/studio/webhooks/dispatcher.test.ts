import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startReceiver, type Receiver } from "@/e2e/webhook-receiver";

// The 10 s default of product-decisions §5, as the dispatcher reads it: lib/env.ts loaded afresh
// without WEBHOOK_TIMEOUT_MS, and a real receiver on 127.0.0.1 that answers too late.
describe("webhook attempt timeout", () => {
  let receiver: Receiver;
  let saved: string | undefined;
  beforeAll(async () => {
    saved = process.env.WEBHOOK_TIMEOUT_MS;
    delete process.env.WEBHOOK_TIMEOUT_MS;
    vi.resetModules();
    receiver = await startReceiver(() => ({ status: 200, delayMs: 12_000 }));
  });
  afterAll(async () => {
    if (saved !== undefined) process.env.WEBHOOK_TIMEOUT_MS = saved;
    await receiver.close();
  });

  it("gives up on an answer after 10 seconds by default", { timeout: 30_000 }, async () => {
    const { sendWebhook } = await import("@/lib/studio/webhooks/dispatcher");
    const outcome = await sendWebhook(receiver.url, "{}", {}, { allowPrivate: true });
    expect(outcome).toMatchObject({ statusCode: null, error: "timed out after 10000 ms", responseBody: null });
    // Not early; and the receiver's answer (at 12 s) never arrived first, or there would be a status.
    expect(outcome.latencyMs).toBeGreaterThanOrEqual(9_990);
    expect(receiver.received).toHaveLength(1);
  });
});
