import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { signedHeaders } from "@/lib/studio/webhooks/sign";

describe("signedHeaders", () => {
  const at = new Date("2026-11-23T10:00:00.750Z");
  const bodies = ['{"id":"evt_1","type":"invoice.approved"}', '{"name":"Zoë — 東京 💸"}', ""];

  it("signs exactly as the standardwebhooks library does", () => {
    for (const secret of [`whsec_${randomBytes(24).toString("base64")}`, `whsec_${randomBytes(32).toString("base64")}`, randomBytes(24).toString("base64")]) {
      for (const body of bodies) {
        const headers = signedHeaders(secret, "evt_abc", body, at);
        expect(headers["webhook-signature"]).toBe(new Webhook(secret).sign("evt_abc", at, body));
        expect(headers["webhook-timestamp"]).toBe("1795428000");
        expect(headers["webhook-id"]).toBe("evt_abc");
      }
    }
  });

  it("is accepted by the library's verifier, and refused under another secret", () => {
    const secret = `whsec_${randomBytes(24).toString("base64")}`;
    const now = new Date();
    const headers = signedHeaders(secret, "evt_xyz", bodies[0]!, now);
    expect(new Webhook(secret).verify(bodies[0]!, headers)).toEqual(JSON.parse(bodies[0]!));
    expect(() => new Webhook(`whsec_${randomBytes(24).toString("base64")}`).verify(bodies[0]!, headers)).toThrow();
  });

  it("signs with several secrets as space-separated v1 signatures (a rotation's overlap): the library accepts either secret, and no other", () => {
    const [current, previous, stranger] = [0, 1, 2].map(() => `whsec_${randomBytes(24).toString("base64")}`) as [string, string, string];
    const now = new Date();
    const headers = signedHeaders([current, previous], "evt_rot", bodies[1]!, now);
    expect(headers["webhook-signature"]).toBe(`${new Webhook(current).sign("evt_rot", now, bodies[1]!)} ${new Webhook(previous).sign("evt_rot", now, bodies[1]!)}`);
    expect(new Webhook(current).verify(bodies[1]!, headers)).toEqual(JSON.parse(bodies[1]!));
    expect(new Webhook(previous).verify(bodies[1]!, headers)).toEqual(JSON.parse(bodies[1]!));
    expect(() => new Webhook(stranger).verify(bodies[1]!, headers)).toThrow();
  });
});
