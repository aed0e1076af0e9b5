// Issue 12: exactly-once through crashes. Lifecycles retry every POST with its Idempotency-Key
// while the server is SIGKILLed and restarted on the same database; no key may act twice, answer
// differently, or stay refused as "in progress" once the server is back.
import { describe, expect, it } from "vitest";
import { runCrashScenario } from "./harness";

if (process.env.STUDIO_TEST_OWN_SERVERS !== "1") {
  throw new Error("Run the crash test through `npm test` (or `npm test -- servers crash`): it needs a build and starts its own servers.");
}

// The suite's database mode: PostgreSQL (a scratch database beside DATABASE_URL) when it is set.
const driver = process.env.DATABASE_URL ? "postgres" : "pglite";

describe(`a server SIGKILLed mid-load on ${driver}`, () => {
  it("acts once per Idempotency-Key and answers every retry with the first answer", async () => {
    const report = await runCrashScenario({
      driver,
      // All at once, killed when a quarter of their 160 requests are answered (a fixed delay
      // could land after the end on a fast machine): the database is mid-request at the kill,
      // and every lifecycle retries across the restart.
      lifecycles: 40,
      killAfterAnswers: 40,
      killAfterMs: 10_000,
      retryBudgetMs: 60_000,
    });
    const shown = report.violations.slice(0, 30).join("\n");
    expect(report.violations.length, `${shown}\nserver logs: ${report.logDir}`).toBe(0);
    expect(report.figures.signed).toBe(40);
    // Otherwise the kill hit nothing and the run proved nothing.
    expect(report.figures.interruptedKeys).toBeGreaterThan(0);
  });
});
