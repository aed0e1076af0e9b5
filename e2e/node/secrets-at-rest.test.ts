// Secrets at rest: a response that carries a secret (a new API key) is answered once and kept in no
// idempotency row; a replay of its Idempotency-Key says the key exists and cannot be shown again.
// The route handler runs in-process against a real database, so the stored rows can be read back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { API_KEY_PATTERN } from "@/lib/studio/auth/api-keys";
import { bootedDemoOrg, drivers, dropTarget, dumpAllRows, freshTarget, queryRows, withStudio, type Target } from "./support";

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

describe.each(drivers)("webhook endpoint secrets at rest on %s", (driver) => {
  let target: Target;
  beforeAll(async () => {
    target = await freshTarget(driver, "endpoint_secrets");
  });
  afterAll(async () => {
    await dropTarget(target);
  });

  it("an endpoint's secret, and after a rotation both of its secrets, are stored only sealed, bound to the row and slot", async () => {
    await withStudio(target, async (client) => {
      const { principal } = await bootedDemoOrg(target);
      const admin = await principal("admin");
      const { createWebhookEndpoint, rotateWebhookEndpointSecret, signingSecrets } = await import("@/lib/studio/webhooks/organization-endpoints");
      const endpoint = await createWebhookEndpoint({ principal: admin, body: { url: "https://hooks.example.test/sealed", description: "", event_types: ["*"] } });
      const rotated = await rotateWebhookEndpointSecret({ principal: admin, id: endpoint.id, body: { expire_old_after_seconds: 600 } });
      const stored = await dumpAllRows(client);
      for (const secret of [endpoint.secret, rotated.secret]) {
        expect(stored).not.toContain(secret);
        expect(stored).not.toContain(secret.slice("whsec_".length));
      }
      const [row] = await queryRows<{ id: string; secret_sealed: string; previous_secret_sealed: string; previous_secret_expires_at: string }>(
        client,
        sql`SELECT id, secret_sealed, previous_secret_sealed, previous_secret_expires_at::text FROM webhook_endpoints WHERE id = ${endpoint.id}`,
      );
      expect(row!.secret_sealed).toMatch(/^v2\./);
      expect(row!.previous_secret_sealed).toMatch(/^v2\./);
      const now = new Date();
      const opened = { id: row!.id, secretSealed: row!.secret_sealed, previousSecretSealed: row!.previous_secret_sealed, previousSecretExpiresAt: new Date(row!.previous_secret_expires_at) };
      expect(signingSecrets(opened, now)).toEqual([rotated.secret, endpoint.secret]);
      // Swapped slots, or another endpoint's row, do not open.
      expect(() => signingSecrets({ ...opened, secretSealed: row!.previous_secret_sealed }, now)).toThrow();
      expect(() => signingSecrets({ ...opened, id: "wep_other" }, now)).toThrow();
      // Past the overlap only the current secret signs.
      expect(signingSecrets(opened, new Date(opened.previousSecretExpiresAt.getTime() + 1))).toEqual([rotated.secret]);
    });
  });
});
