// Console sessions in a real database on each driver, by the clock: idle for more than 30 minutes
// since the last request, or 12 hours after sign-in however active, and the session is gone.
// The limits are spelled out here in clock time, not read from the code's constants.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drivers, dropTarget, freshTarget, withStudio, type Target } from "./support";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const KEY = "stk_" + "S".repeat(16) + "s".repeat(16);

describe.each(drivers)("console sessions on %s", (driver) => {
  let target: Target;
  beforeAll(async () => {
    target = await freshTarget(driver, "sessions");
  });
  afterAll(async () => {
    await dropTarget(target);
  });

  it("end 30 minutes after the last request, and 12 hours after sign-in however active", async () => {
    await withStudio(
      target,
      async () => {
        const { createConsoleAccount } = await import("@/lib/console/accounts");
        const { createSession, resolveSession } = await import("@/lib/console/sessions");
        const account = await createConsoleAccount({ email: "clock@example.test", displayName: "Clock", password: "long enough", apiKey: KEY });
        const signedInAt = new Date("2026-03-01T08:00:00Z");
        const at = (ms: number) => new Date(signedInAt.getTime() + ms);

        const idle = await createSession(account.id, signedInAt);
        expect(await resolveSession(idle, at(30 * MINUTE))).toMatchObject({ account: { id: account.id } });
        // That request moved the idle clock: 30 minutes after it the session still holds, a moment later not.
        expect(await resolveSession(idle, at(60 * MINUTE))).toBeDefined();
        expect(await resolveSession(idle, at(90 * MINUTE + 1))).toBeUndefined();
        // Gone from the database, not only refused at that moment: an earlier clock does not bring it back.
        expect(await resolveSession(idle, at(61 * MINUTE))).toBeUndefined();

        const busy = await createSession(account.id, signedInAt);
        for (let elapsed = 20 * MINUTE; elapsed <= 12 * HOUR; elapsed += 20 * MINUTE) {
          expect(await resolveSession(busy, at(elapsed)), `${elapsed / MINUTE} min after sign-in`).toBeDefined();
        }
        expect(await resolveSession(busy, at(12 * HOUR + 1))).toBeUndefined();
      },
      { SEED_DEMO: "0" },
    );
  });
});
