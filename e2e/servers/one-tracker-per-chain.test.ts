// One send tracker and one scanner per chain however many processes run (issue 37 §2): two
// `npm start` servers with SWEEPER=1 and two `npm run worker`s on one PostgreSQL database and one
// local node. 50 withdrawals go out while the node mines nothing, long past the replacement time,
// so their sends are signed again and again at higher fees; the process holding the chain's send
// tracker is SIGKILLed midway and another takes the chain over. Afterwards every withdrawal is
// exactly one transfer on chain, no ledger entry was credited back, nothing waits for review,
// and the treasury holds on chain what the ledger says. PostgreSQL only: a PGlite folder belongs
// to one process.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { parseEther, parseAbiItem, type Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoOrg, dropTarget, freshTarget, startBuilt, type BuiltProcess, type Target } from "../node/support";
import { arbOn, freshAddress, PAYER, startFundedNode, tokenBalance, units } from "../chain/support";
import type { LocalNode } from "../chain/local-node";
import { assertBuilt, freePort, killServer, startServer, stopServer, waitHealthy, type Server } from "./server";
import { suiteDriver } from "./support";

const WITHDRAWALS = 50;
const TRANSFER_EVENT = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");

type Member = { name: string; pid: () => number | undefined; kill: () => Promise<void>; alive: boolean; server?: Server; worker?: BuiltProcess; baseUrl?: string };

describe.runIf(suiteDriver === "postgres")("two servers and two workers on one PostgreSQL and one node, one killed mid-round", () => {
  let target: Target;
  let node: LocalNode;
  let database: pg.Client;
  const members: Member[] = [];
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-one-tracker-"));
  const chainEnv = () => ({
    ...arbOn(node),
    SWEEPER: "1",
    SWEEP_INTERVAL_MS: "150",
    // Replaced after a second unmined; a dead holder's chains are taken over within 5 s.
    CHAIN_REPLACE_AFTER_MS: "1000",
    CHAIN_LEASE_MS: "5000",
  });

  beforeAll(async () => {
    assertBuilt();
    [target, node] = await Promise.all([freshTarget("postgres", "onetracker"), startFundedNode()]);
    database = new pg.Client({ connectionString: target.databaseUrl });
    await database.connect();
    // The first server migrates and seeds the demo organization; then the others, side by side.
    const server = async (name: string) => {
      const port = await freePort();
      const started = startServer(target, port, path.join(logDir, `${name}.log`), chainEnv());
      const member: Member = { name, server: started, baseUrl: `http://127.0.0.1:${port}`, alive: true, pid: () => started.child.pid, kill: () => killServer(started) };
      await waitHealthy(member.baseUrl!, started);
      return member;
    };
    members.push(await server("server-1"));
    const worker = (name: string): Member => {
      const { DATABASE_URL: _shared, ...inherited } = process.env;
      const started = startBuilt("worker", { ...inherited, ...chainEnv(), NODE_ENV: "production", DATABASE_URL: target.databaseUrl, DATA_DIR: target.dataDir });
      return {
        name, worker: started, alive: true, pid: () => started.child.pid,
        kill: async () => {
          started.child.kill("SIGKILL");
          await started.exited;
        },
      };
    };
    members.push(await server("server-2"), worker("worker-1"), worker("worker-2"));
  }, 240_000);

  afterAll(async () => {
    for (const member of members) {
      if (!member.alive) continue;
      if (member.server) await stopServer(member.server);
      else {
        member.worker!.child.kill("SIGTERM");
        await member.worker!.exited;
      }
    }
    await database?.end();
    await node?.stop();
    if (target) await dropTarget(target);
  });

  const rows = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await database.query<T>(text, values)).rows;
  const servers = () => members.filter((member) => member.server && member.alive);

  async function call(method: string, urlPath: string, role: string, body?: unknown, pick = 0): Promise<any> {
    const { clientId, key } = demoOrg(target);
    const chosen = servers()[pick % servers().length]!;
    const response = await fetch(`${chosen.baseUrl}/v1/studio/api${urlPath}`, {
      method,
      headers: { "X-STUDIO-API-KEY": key(role), "X-Client-ID": clientId, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const parsed = (await response.json()) as { data: any };
    if (response.status !== 200) throw new Error(`${chosen.name} ${method} ${urlPath}: ${response.status} ${JSON.stringify(parsed)}`);
    return parsed.data;
  }

  /** Mines a block every `everyMs` (the node's only miner once automine is off) until `done` says so. */
  async function mineUntil(done: () => Promise<boolean>, what: string, { everyMs = 100, timeoutMs = 120_000 } = {}): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
      await node.mine();
      await sleep(everyMs);
    }
  }

  /** The member whose process holds the chain's send-tracker lease (the holder names its pid). */
  async function trackerHolder(): Promise<{ member: Member; token: number }> {
    const [lease] = await rows<{ holder: string; token: string }>(`SELECT holder, token FROM chain_leases WHERE chain_id = 'arb' AND job = 'send_tracker'`);
    if (!lease) throw new Error("nobody holds arb's send tracker");
    const pid = Number(lease.holder.split(":")[1]);
    // A server's Studio code runs in a child of its process group: matched by the group's id.
    const groupOf = (each: number) => Number(fs.readFileSync(`/proc/${each}/stat`, "utf8").split(") ")[1]!.split(" ")[2]);
    const member = members.find((candidate) => candidate.alive && (candidate.pid() === pid || (candidate.server && groupOf(pid) === candidate.pid())));
    if (!member) throw new Error(`no live member runs the holder ${lease.holder}`);
    return { member, token: Number(lease.token) };
  }

  it("makes every withdrawal exactly one transfer, credits nothing back, and the treasury holds what the ledger says", async () => {
    const started = Date.now();
    const chain = async () => (await call("GET", "/chains", "admin")).find((each: { id: string }) => each.id === "arb");
    const { gas_tank_address: gasTank, treasury_address: treasury } = await chain();
    const funding = await node.wallet(0).sendTransaction({ to: gasTank, value: parseEther("50"), chain: null, account: node.wallet(0).account });
    await node.public.waitForTransactionReceipt({ hash: funding, pollingInterval: 20 });
    // Gas beyond the top-ups: a withdrawal replaced several times offers more than its top-up paid
    // for, and Hardhat refuses to mine a block holding a transaction its sender cannot afford.
    const headroom = await node.wallet(0).sendTransaction({ to: treasury, value: parseEther("1"), chain: null, account: node.wallet(0).account });
    await node.public.waitForTransactionReceipt({ hash: headroom, pollingInterval: 20 });
    // The treasury's money comes in as merchants' does: a payment, credited at depth and swept in.
    const intent = await call("POST", "/payment/intent", "finance", { pricing_mode: "crypto", crypto_amount: "100", pay_token: "USDC", chain: "arb" });
    await node.transfer(PAYER, node.tokens.USDC, intent.payment_address as Address, units(100));
    await mineUntil(async () => (await tokenBalance(node, treasury)) === units(100), "the payment swept into the treasury");
    const before = await chain();
    const usdc = () => before.tokens.find((token: { symbol: string }) => token.symbol === "USDC");
    expect(usdc()).toMatchObject({ on_chain_balance: "100", ledger_balance: "100" });
    const fromBlock = await node.public.getBlockNumber();

    // The node stops mining: every gas top-up and withdrawal waits in its mempool.
    await node.test.setAutomine(false);
    const recipients = Array.from({ length: WITHDRAWALS }, () => freshAddress());
    const created = await Promise.all(
      recipients.map((wallet_address, index) => call("POST", "/asset_pro/transfer", "admin", { chain_id: "arb", contract_address: node.tokens.USDC, wallet_address, amount: "1" }, index)),
    );
    const sends = async () => rows<{ status: string; purpose: string; versions: number }>(`SELECT status, purpose, jsonb_array_length(tx_hashes) AS versions FROM chain_sends WHERE purpose IN ('withdrawal', 'gas_top_up') AND created_at > now() - interval '1 hour'`);
    const replacedTopUps = async () => (await sends()).filter((send) => send.purpose === "gas_top_up" && send.versions > 1).length;
    // Past the replacement time: the top-ups are signed again at higher fees, round after round.
    const until = async (done: () => Promise<boolean>, what: string, timeoutMs = 60_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!(await done())) {
        if (Date.now() > deadline) {
          const state = await rows(`SELECT purpose, status, jsonb_array_length(tx_hashes) AS versions, count(*)::int FROM chain_sends GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`);
          const workerErrors = members.flatMap((member) => (member.worker ? member.worker.output().split("\n").filter((line) => line.includes('"level":"error"')).slice(-5) : []));
          throw new Error(`${what}: not within ${timeoutMs} ms; sends ${JSON.stringify(state)}; leases ${JSON.stringify(await rows("SELECT * FROM chain_leases"))}; worker errors:\n${workerErrors.join("\n")}`);
        }
        await sleep(100);
      }
    };
    await until(async () => (await replacedTopUps()) >= 10, "gas top-ups replaced");
    // One block: the top-ups go in (one version each), and the withdrawals go out to wait in turn.
    await node.mine();
    await until(async () => (await sends()).filter((send) => send.purpose === "withdrawal" && send.status === "sent").length === WITHDRAWALS, "every withdrawal broadcast");
    const replacedWithdrawals = async () => (await sends()).filter((send) => send.purpose === "withdrawal" && send.versions > 1).length;
    await until(async () => (await replacedWithdrawals()) >= 5, "withdrawals replaced");
    // Midway through the replacements, the process following the chain's sends dies.
    const holder = await trackerHolder();
    holder.member.alive = false;
    await holder.member.kill();
    await until(async () => (await rows<{ token: string }>(`SELECT token FROM chain_leases WHERE chain_id = 'arb' AND job = 'send_tracker' AND token::int > $1`, [holder.token])).length > 0, "the send tracker taken over");
    const replacedBefore = await replacedWithdrawals();
    await until(async () => (await replacedWithdrawals()) >= replacedBefore + 5, "withdrawals replaced by the successor");
    const successor = await trackerHolder();
    expect(successor.member.name).not.toBe(holder.member.name);
    expect(successor.token).toBeGreaterThan(holder.token);

    // Mining resumes: every withdrawal ends confirmed.
    await node.test.setAutomine(true);
    await mineUntil(async () => (await sends()).every((send) => send.status === "confirmed"), "every send confirmed");
    // Each withdrawal's send is confirmed (how the withdrawal record names that is issue 37 §4's).
    const withdrawalSends = await rows<{ status: string }>(`SELECT s.status FROM withdrawals w JOIN chain_sends s ON s.id = w.send_id WHERE w.id = ANY($1)`, [created.map((withdrawal) => withdrawal.id)]);
    expect(withdrawalSends.map((send) => send.status)).toEqual(Array(WITHDRAWALS).fill("confirmed"));
    // Exactly one transfer per withdrawal, each of its amount, from the treasury.
    const logs = await node.public.getLogs({ address: node.tokens.USDC, event: TRANSFER_EVENT, args: { from: treasury as Address }, fromBlock, toBlock: "latest" });
    const byRecipient = new Map<string, bigint[]>();
    for (const log of logs) byRecipient.set(log.args.to!.toLowerCase(), [...(byRecipient.get(log.args.to!.toLowerCase()) ?? []), log.args.value!]);
    expect(logs).toHaveLength(WITHDRAWALS);
    for (const recipient of recipients) expect(byRecipient.get(recipient.toLowerCase()), recipient).toEqual([units(1)]);
    // Nothing credited back, nothing held for review, and the chain agrees with the ledger.
    expect(await rows(`SELECT id FROM ledger_entries WHERE kind = 'send_failed'`)).toEqual([]);
    expect(await rows(`SELECT id FROM chain_sends WHERE status IN ('needs_review', 'failed')`)).toEqual([]);
    const after = await chain();
    expect(after.tokens.find((token: { symbol: string }) => token.symbol === "USDC")).toMatchObject({ on_chain_balance: "50", ledger_balance: "50" });
    expect(await tokenBalance(node, treasury)).toBe(units(50));
    console.log(`one tracker per chain: ${WITHDRAWALS} withdrawals through pause, replacements and a SIGKILL in ${Math.round((Date.now() - started) / 1000)} s`);
  }, 300_000);
});
