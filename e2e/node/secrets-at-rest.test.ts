// Secrets at rest: a response that carries a secret (a new API key) is answered once and kept in no
// idempotency row; a replay of its Idempotency-Key says the key exists and cannot be shown again.
// The route handler runs in-process against a real database, so the stored rows can be read back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { API_KEY_PATTERN } from "@/lib/studio/auth/api-keys";
import { bootedDemoOrg, drivers, dropTarget, freshTarget, queryRows, withStudio, type Target } from "./support";

const noParams = { params: Promise.resolve({}) };

describe.each(drivers)("secrets kept out of idempotency rows on %s", (driver) => {
  let target: Target;
  beforeAll(async () => {
    target = await freshTarget(driver, "secrets");
  });
  afterAll(async () => {
    await dropTarget(target);
  });

  it("POST /api_keys stores no secret under its Idempotency-Key; a replay is 409/40903 naming the key, and makes none", async () => {
    await withStudio(target, async (client) => {
      const { key, principal } = await bootedDemoOrg(target);
      const admin = await principal("admin");
      const countKeys = async () => (await queryRows<{ count: number }>(client, sql`SELECT count(*)::int AS count FROM api_keys`))[0]!.count;
      const keysBefore = await countKeys();
      const { POST } = await import("@/app/v1/studio/api/api_keys/route");
      const create = () =>
        POST(
          new Request("http://studio.test/v1/studio/api/api_keys", {
            method: "POST",
            headers: { "x-studio-api-key": key("admin"), "idempotency-key": "make-my-key", "content-type": "application/json" },
            body: JSON.stringify({ uid: admin.uid }),
          }),
          noParams,
        );
      const first = await create();
      const created = await first.json();
      expect(first.status, JSON.stringify(created)).toBe(200);
      expect(created.data.api_key).toMatch(API_KEY_PATTERN);

      const stored = await queryRows<{ response_status: number; response_body: string }>(
        client,
        sql`SELECT response_status, response_body FROM idempotency_keys WHERE key = 'make-my-key'`,
      );
      expect(stored).toHaveLength(1);
      expect(stored[0]!.response_body).not.toContain(created.data.api_key);
      expect(stored[0]!.response_body).not.toMatch(API_KEY_PATTERN);

      const replay = await create();
      expect(replay.status).toBe(409);
      expect(replay.headers.get("idempotent-replayed")).toBe("true");
      const refusal = await replay.json();
      expect(refusal).toEqual({
        code: 40903,
        message: `API key ${created.data.id} (${created.data.prefix}…${created.data.last4}) was already created with this Idempotency-Key; its secret was shown once and cannot be shown again. If that answer was lost, revoke the key and create another with a new Idempotency-Key.`,
        request_id: replay.headers.get("x-request-id"),
      });
      expect(await countKeys()).toBe(keysBefore + 1);
    });
  });
});
