import { describe, expect, it } from "vitest";
import { isValidIdempotencyKey } from "@/lib/console/idempotency-key";
import { ActionKeys } from "@/lib/console/use-action-keys";

describe("action keys", () => {
  it("an action keeps its key through retries until it is done; the next one gets a new key", () => {
    const keys = new ActionKeys<"approve" | "reject">();
    const first = keys.keyFor("approve");
    expect(isValidIdempotencyKey(first)).toBe(true);
    expect(keys.keyFor("approve")).toBe(first);
    keys.done("approve");
    const next = keys.keyFor("approve");
    expect(next).not.toBe(first);
    expect(keys.keyFor("approve")).toBe(next);
  });

  it("each action has its own key, and finishing one leaves the other", () => {
    const keys = new ActionKeys<"approve" | "reject">();
    const approve = keys.keyFor("approve");
    const reject = keys.keyFor("reject");
    expect(reject).not.toBe(approve);
    keys.done("reject");
    expect(keys.keyFor("approve")).toBe(approve);
  });
});
