// An invite's first password against a real database on each driver, by the stored clock: it
// starts one session (of parallel sign-ins exactly one), only within 72 hours of the invite; a
// password change replaces exactly the hash it checked and ends every other session.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drivers, dropTarget, freshTarget, withStudio, type Target } from "./support";

const HOUR = 60 * 60 * 1000;
const KEY = "stk_" + "F".repeat(16) + "f".repeat(16);

describe.each(drivers)("first passwords on %s", (driver) => {
  let target: Target;
  beforeAll(async () => {
    target = await freshTarget(driver, "first_passwords");
  });
  afterAll(async () => {
    await dropTarget(target);
  });

  it("work once, within 72 hours of the invite, and of parallel sign-ins exactly one gets through", async () => {
    await withStudio(
      target,
      async () => {
        const { db } = await import("@/lib/db/client");
        const { consoleAccounts } = await import("@/lib/console/db/schema");
        const accounts = await import("@/lib/console/accounts");
        const invitedAt = new Date("2026-03-01T08:00:00Z");
        const at = (ms: number) => new Date(invitedAt.getTime() + ms);
        // An invited account as saveInvitedAccount stores it, its expiry moved to the invite's clock.
        const invited = async (email: string) => {
          const { id } = await accounts.createConsoleAccount({ email, displayName: email, password: "first password", apiKey: KEY });
          await (await db()).update(consoleAccounts).set({ firstPasswordExpiresAt: at(accounts.FIRST_PASSWORD_LIFETIME_MS) }).where(eq(consoleAccounts.id, id));
          return (await accounts.findAccountByEmail(email))!;
        };
        expect(accounts.FIRST_PASSWORD_LIFETIME_MS).toBe(72 * HOUR);

        const late = await invited("late@example.test");
        expect(accounts.mustChangePassword(late)).toBe(true);
        expect(await accounts.claimFirstPassword(late, at(72 * HOUR))).toBe("expired");
        expect(await accounts.claimFirstPassword(late, at(72 * HOUR - 1))).toBe("claimed");
        expect(await accounts.claimFirstPassword(late, at(72 * HOUR - 1))).toBe("used");

        const raced = await invited("raced@example.test");
        const claims = await Promise.all(Array.from({ length: 6 }, () => accounts.claimFirstPassword(raced, at(HOUR))));
        expect(claims.filter((claim) => claim === "claimed")).toHaveLength(1);
        expect(claims.filter((claim) => claim === "used")).toHaveLength(5);

        // A sign-in that could not be audited gives its claim back; a later claim's mark is not touched.
        const released = await invited("released@example.test");
        expect(await accounts.claimFirstPassword(released, at(HOUR))).toBe("claimed");
        await accounts.releaseFirstPassword(released.id, at(2 * HOUR));
        expect(await accounts.claimFirstPassword(released, at(HOUR))).toBe("used");
        await accounts.releaseFirstPassword(released.id, at(HOUR));
        expect(await accounts.claimFirstPassword(released, at(HOUR))).toBe("claimed");

        // An account made with a chosen password (the CLI, the demo) has no first password.
        const chosen = await accounts.createConsoleAccount({ email: "chosen@example.test", displayName: "C", password: "long enough", apiKey: KEY });
        expect(accounts.mustChangePassword((await accounts.findAccountByEmail("chosen@example.test"))!)).toBe(false);
        expect(chosen.id).toBeGreaterThan(0);
      },
      { SEED_DEMO: "0" },
    );
  });

  it("a change replaces exactly the hash it checked (of two at once one wins), clears the first-password marks and ends the other sessions", async () => {
    await withStudio(
      target,
      async () => {
        const { db } = await import("@/lib/db/client");
        const { consoleAccounts } = await import("@/lib/console/db/schema");
        const accounts = await import("@/lib/console/accounts");
        const { createSession, resolveSession } = await import("@/lib/console/sessions");
        const { createHash } = await import("node:crypto");
        const { id } = await accounts.createConsoleAccount({ email: "change@example.test", displayName: "Ch", password: "first password", apiKey: KEY });
        await (await db()).update(consoleAccounts).set({ firstPasswordExpiresAt: new Date(Date.now() + HOUR), firstPasswordUsedAt: new Date() }).where(eq(consoleAccounts.id, id));
        const before = (await accounts.findAccountByEmail("change@example.test"))!;
        const [kept, other, third] = await Promise.all([createSession(id), createSession(id), createSession(id)]);
        const keepSession = createHash("sha256").update(kept!).digest("hex");

        const outcomes = await Promise.all(
          ["one", "two"].map((newHash) => accounts.replacePassword({ accountId: id, currentHash: before.passwordHash, newHash, keepSession })),
        );
        expect(outcomes.filter(Boolean)).toHaveLength(1);
        const after = (await accounts.findAccountByEmail("change@example.test"))!;
        expect(["one", "two"]).toContain(after.passwordHash);
        expect(after.firstPasswordExpiresAt).toBeNull();
        expect(after.firstPasswordUsedAt).toBeNull();
        expect(accounts.mustChangePassword(after)).toBe(false);
        expect(await resolveSession(kept)).toBeDefined();
        expect(await resolveSession(other)).toBeUndefined();
        expect(await resolveSession(third)).toBeUndefined();
        // The hash it checked is gone: replaying the change does nothing.
        expect(await accounts.replacePassword({ accountId: id, currentHash: before.passwordHash, newHash: "three", keepSession })).toBe(false);
        expect((await accounts.findAccountByEmail("change@example.test"))!.passwordHash).toBe(after.passwordHash);
      },
      { SEED_DEMO: "0" },
    );
  });
});
