// A production server has neither the sandbox nor demo data unless they are asked for. (The
// sandbox routes with SANDBOX_CHAIN=0 are tested on a server: e2e/servers/sandbox-disabled.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropTarget, freshTarget, withStudio, type Target } from "./support";

describe("sandbox chain switch", () => {
  let target: Target;
  beforeAll(async () => {
    target = await freshTarget("pglite", "sandbox-off");
  });
  afterAll(async () => {
    await dropTarget(target);
  });

  it.each([
    [{ NODE_ENV: "production" }, { SANDBOX_CHAIN: false, SEED_DEMO: false }],
    [{ NODE_ENV: "production", SANDBOX_CHAIN: "1", SEED_DEMO: "1" }, { SANDBOX_CHAIN: true, SEED_DEMO: true }],
    [{ NODE_ENV: "development" }, { SANDBOX_CHAIN: true, SEED_DEMO: true }],
  ])("with %j the sandbox and the demo seed are %j", async (settings, expected) => {
    const cleared = { SANDBOX_CHAIN: undefined, SEED_DEMO: undefined, ...settings };
    const flags = await withStudio(target, async () => {
      const { env } = await import("@/lib/env");
      return { SANDBOX_CHAIN: env.SANDBOX_CHAIN, SEED_DEMO: env.SEED_DEMO };
    }, cleared);
    expect(flags).toEqual(expected);
  });
});
