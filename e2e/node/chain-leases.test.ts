// A chain's background jobs run in one process at a time, on each driver: a lease taken by one
// holder is refused to another until it runs out, then taken over with a higher token; the writes
// made under the old token change nothing; and the send tracker's writes are compare-and-set on
// the row as it was read, so a send that moved since (another version signed, resolved by a
// person) is left as it is.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootedDemoOrg, drivers, dropTarget, freshTarget, queryRows, someoneWaitsForALock, withStudio, type Target } from "./support";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(drivers)("chain leases on %s", (driver) => {
  let target: Target;
  beforeAll(async () => {
    target = await freshTarget(driver, "leases");
  });
  afterAll(async () => {
    await dropTarget(target);
  });

  it("gives a chain's job to one holder until its lease runs out, then to another with a higher token", async () => {
    await withStudio(target, async () => {
      const { takeChainLease, releaseChainLeases } = await import("@/lib/studio/chain/evm/chain-lease");
      const first = await takeChainLease("arb", "send_tracker", { holder: "worker-a", ttlMs: 600 });
      expect(first).toMatchObject({ chainId: "arb", job: "send_tracker", holder: "worker-a" });
      expect(await takeChainLease("arb", "send_tracker", { holder: "worker-b", ttlMs: 600 })).toBeUndefined();
      // Its holder renews it under the same token; the other job and another chain are separate leases.
      expect(await takeChainLease("arb", "send_tracker", { holder: "worker-a", ttlMs: 600 })).toMatchObject({ holder: "worker-a", token: first!.token });
      expect(await takeChainLease("arb", "scanner", { holder: "worker-b", ttlMs: 600 })).toBeDefined();
      expect(await takeChainLease("bsc", "send_tracker", { holder: "worker-b", ttlMs: 600 })).toBeDefined();
      await sleep(400);
      // Renewed 400 ms ago for 600 ms: still worker-a's.
      expect(await takeChainLease("arb", "send_tracker", { holder: "worker-b", ttlMs: 600 })).toBeUndefined();
      await sleep(400);
      const second = await takeChainLease("arb", "send_tracker", { holder: "worker-b", ttlMs: 600 });
      expect(second!.token).toBeGreaterThan(first!.token);
      expect(await takeChainLease("arb", "send_tracker", { holder: "worker-a", ttlMs: 600 })).toBeUndefined();
      // A clean shutdown hands its leases over at once, again under a new token.
      await releaseChainLeases("worker-b");
      const third = await takeChainLease("arb", "send_tracker", { holder: "worker-a", ttlMs: 600 });
      expect(third!.token).toBeGreaterThan(second!.token);
    });
  });

  it("refuses the writes of a holder whose lease was taken over: its old token opens nothing", async () => {
    await withStudio(target, async (client) => {
      const { keepLease, takeChainLease, requireLease, underLease, LeaseLostError } = await import("@/lib/studio/chain/evm/chain-lease");
      const { unitOfWork } = await import("@/lib/studio/core/unit-of-work");
      const database = await client.db();
      await database.execute(sql`INSERT INTO chain_scan_state (chain_id, scanned_block, head_block) VALUES ('tron', 100, 100)`);
      const stale = (await takeChainLease("tron", "scanner", { holder: "paused", ttlMs: 500 }))!;
      await sleep(600);
      const current = (await takeChainLease("tron", "scanner", { holder: "live", ttlMs: 30_000 }))!;
      expect(current.token).toBeGreaterThan(stale.token);
      // In a transaction (the scanner's position, the tracker's failing and holding for review): refused, rolled back.
      await expect(
        unitOfWork(async (tx) => {
          await tx.execute(sql`UPDATE chain_scan_state SET scanned_block = 90 WHERE chain_id = 'tron'`);
          await requireLease(tx, stale);
        }),
      ).rejects.toBeInstanceOf(LeaseLostError);
      // In one statement (the tracker's replacement, its mined-block reset): nothing matches.
      const moveTo = (block: number, lease: typeof stale) =>
        queryRows<{ chain_id: string }>(client, sql`UPDATE chain_scan_state SET scanned_block = ${block} WHERE chain_id = 'tron' AND ${underLease(lease)} RETURNING chain_id`);
      expect(await moveTo(80, stale)).toEqual([]);
      expect(await queryRows(client, sql`SELECT scanned_block::int FROM chain_scan_state WHERE chain_id = 'tron'`)).toEqual([{ scanned_block: 100 }]);
      expect(await moveTo(120, current)).toHaveLength(1);
      await unitOfWork((tx) => requireLease(tx, current));
      // Mid-round renewal (a long tracker round): the holder keeps it, the one that lost it learns so.
      await keepLease({ ...current, renewedAt: 0 });
      await expect(keepLease({ ...stale, renewedAt: 0 })).rejects.toBeInstanceOf(LeaseLostError);
    });
  });

  it.runIf(driver === "postgres")("makes a take-over wait for a write under the lease it replaces (a real race on PostgreSQL)", async () => {
    await withStudio(target, async () => {
      const { takeChainLease, requireLease } = await import("@/lib/studio/chain/evm/chain-lease");
      const { unitOfWork } = await import("@/lib/studio/core/unit-of-work");
      const holding = (await takeChainLease("sol", "send_tracker", { holder: "slow", ttlMs: 500 }))!;
      await sleep(600);
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      let committed = false;
      // The expired holder is inside a write it began under its lease: the newcomer waits for it.
      const write = unitOfWork(async (tx) => {
        await requireLease(tx, holding);
        locked();
        await released;
        committed = true;
      });
      await isLocked;
      const takeOver = takeChainLease("sol", "send_tracker", { holder: "newcomer", ttlMs: 30_000 }).then((lease) => ({ lease, afterWrite: committed }));
      await someoneWaitsForALock(target.databaseUrl!);
      release();
      await write;
      const { lease, afterWrite } = await takeOver;
      expect(afterWrite).toBe(true);
      expect(lease!.token).toBeGreaterThan(holding.token);
    });
  });

  it("holds a send for review, or fails it, only when the row is as the tracker read it", async () => {
    await withStudio(target, async (client) => {
      const { orgId } = await bootedDemoOrg(target);
      const { unitOfWork } = await import("@/lib/studio/core/unit-of-work");
      const { failSend, holdForReview, unchangedSince } = await import("@/lib/studio/chain/evm/send-outcomes");
      const { chainSends } = await import("@/lib/studio/db/chain-schema");
      const { eq } = await import("drizzle-orm");
      const database = await client.db();
      const hash = (digit: string) => `0x${digit.repeat(64)}`;
      await database.insert(chainSends).values({
        id: "send_cas_test", orgId, paymentIntentId: null, purpose: "withdrawal", chainId: "arb", tokenAddress: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831",
        toAddress: "0x8ba1f109551bD432803012645Ac136ddd64DBA72", amount: "5", txHash: hash("1"), txHashes: [hash("1")], status: "sent",
        fromAddress: "0x2f1bE2a1b3C4d5E6f708192A3b4C5d6E7f809102", nonce: 7, sentAt: new Date(),
      });
      const read = async () => (await database.select().from(chainSends).where(eq(chainSends.id, "send_cas_test")))[0]!;
      const asRead = await read();
      // Meanwhile the row moved: another version was signed and recorded.
      await database.update(chainSends).set({ txHash: hash("2"), txHashes: [hash("1"), hash("2")] }).where(eq(chainSends.id, "send_cas_test"));
      const evidence = { reason: "nonce_used_without_receipt" as const, tx_hashes: [hash("1")], nonce: 7, chain_nonce: 8, head_block: 50, mined_block: null, observed_at: new Date().toISOString() };
      const now = new Date();
      expect(await unitOfWork((tx) => holdForReview(tx, asRead, evidence, now))).toBe(false);
      expect(await unitOfWork((tx) => failSend(tx, asRead, "reverted", now, { where: unchangedSince(asRead) }))).toEqual({ failed: false, restored: "0" });
      const untouched = await read();
      expect(untouched).toMatchObject({ status: "sent", txHash: hash("2"), txHashes: [hash("1"), hash("2")], reviewEvidence: null });
      expect(await queryRows(client, sql`SELECT action FROM audit_log WHERE object_id = 'send_cas_test'`)).toEqual([]);
      // Read again, it is held, with its evidence, and audited once.
      const fresh = await read();
      const freshEvidence = { ...evidence, tx_hashes: fresh.txHashes! };
      expect(await unitOfWork((tx) => holdForReview(tx, fresh, freshEvidence, now))).toBe(true);
      expect(await unitOfWork((tx) => holdForReview(tx, fresh, freshEvidence, now))).toBe(false);
      expect(await read()).toMatchObject({ status: "needs_review", reviewEvidence: freshEvidence });
      const audit = await queryRows<{ action: string; actor_uid: string | null; details: Record<string, unknown> }>(client, sql`SELECT action, actor_uid, details FROM audit_log WHERE object_id = 'send_cas_test'`);
      expect(audit).toEqual([{ action: "chain_send.needs_review", actor_uid: null, details: expect.objectContaining({ nonce: 7, chain_nonce: 8, head_block: 50, tx_hashes: [hash("1"), hash("2")] }) }]);
    });
  });
});
