// `npm run bench:chain`: the deposit scanner against a real local node (Hardhat's), in-process, on
// a temp PGlite (or a scratch PostgreSQL database with BENCH_DRIVER=postgres). Two figures:
//   catch-up - BENCH_BLOCKS blocks of BENCH_TRANSFERS token transfers each (one transaction of
//              the test token's scatter() per block), read by a scanner that starts behind them,
//              against BENCH_WATCHED watched deposit addresses: blocks per second (target >= 2000),
//              twice: against Hardhat's node itself, and against a replay of the node's answers
//              (bench/chain-replay.ts), since Hardhat serves eth_getLogs slower than the scanner
//              reads them and only the replay shows the scanner's own cost;
//   depth    - from the block that brings a deposit to its depth being mined to `success` on its
//              record, with the background round running every BENCH_POLL_MS (target p50 < 1 s).
// Environment (optional): BENCH_BLOCKS (10000), BENCH_TRANSFERS (100), BENCH_WATCHED (100000),
// BENCH_PAYMENTS (20), BENCH_POLL_MS (250), BENCH_DRIVER (pglite | postgres), DATABASE_URL,
// BENCH_CAPTURE (a file: the first run writes the generated blocks' capture there, later runs
// replay it without generating or scanning Hardhat's node; for profiling the scanner),
// BENCH_PROFILE (a file: the CPU profile of the catch-up against the replay).
import fs from "node:fs";
import inspector from "node:inspector";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { spawn } from "node:child_process";
import pg from "pg";
import { encodeFunctionData, getAddress, type Address, type Hex } from "viem";
import { startLocalNode, stablecoinAbi, type LocalNode } from "../e2e/chain/local-node";
import type { RpcChain } from "@/lib/studio/chain/evm/rpc-chains";

const blocks = Number(process.env.BENCH_BLOCKS ?? 10_000);
const transfersPerBlock = Number(process.env.BENCH_TRANSFERS ?? 100);
const watched = Number(process.env.BENCH_WATCHED ?? 100_000);
const payments = Number(process.env.BENCH_PAYMENTS ?? 20);
const pollMs = Number(process.env.BENCH_POLL_MS ?? 250);
const driver = process.env.BENCH_DRIVER === "postgres" ? "postgres" : "pglite";
/** Optional file holding a capture of generated blocks: written on the first run, replayed (without generating) on the next. */
const captureFile = process.env.BENCH_CAPTURE || undefined;
const DEPTH = 3;

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;
/** The i-th watched address: a fixed, recognisable pattern, so the generator can hit some of them. */
const watchedAddress = (index: number) => getAddress(`0x${"be".repeat(4)}${index.toString(16).padStart(32, "0")}`);

async function main(): Promise<void> {
  const node = await startLocalNode();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-bench-chain-"));
  let scratch: string | undefined;
  const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  if (driver === "postgres") {
    scratch = `studio_bench_chain_${randomBytes(4).toString("hex")}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${scratch}`);
    const url = new URL(adminUrl);
    url.pathname = `/${scratch}`;
    process.env.DATABASE_URL = url.toString();
  } else delete process.env.DATABASE_URL;
  Object.assign(process.env, {
    // A development server: its secrets are generated into the temp DATA_DIR.
    STUDIO_ENV: "development",
    DATA_DIR: dataDir,
    SEED_DEMO: "1",
    SEED_DEMO_INVOICES: "0",
    SWEEPER: "0",
    CHAIN_ARB_RPC_URL: node.directUrl,
    CHAIN_ARB_TOKEN_USDC: node.tokens.USDC,
    CHAIN_ARB_TOKEN_USDT: node.tokens.USDT,
    CHAIN_ARB_CONFIRMATIONS: String(DEPTH),
    CHAIN_SCAN_MAX_RANGE: process.env.CHAIN_SCAN_MAX_RANGE ?? "2000",
  });
  try {
    const { awaitReady } = await import("@/lib/studio/process/boot");
    await awaitReady();
    const { db } = await import("@/lib/db/client");
    const { sql } = await import("drizzle-orm");
    const { authenticate } = await import("@/lib/studio/auth/principal");
    const { createPaymentIntent } = await import("@/lib/studio/standalone-payments/create-payment-intent");
    const { scanRpcChains } = await import("@/lib/studio/chain/evm/scanner");
    const credentials = JSON.parse(fs.readFileSync(path.join(dataDir, "demo-credentials.json"), "utf8"));
    const org = credentials.orgs[0];
    const finance = await authenticate(org.users.find((user: { role: string }) => user.role === "finance").api_key);
    const create = () => createPaymentIntent({ principal: finance, clientId: org.client_id, request: { pricing_mode: "crypto", crypto_amount: "1", pay_token: "USDC", chain: "arb" } });
    const template = await create();
    // The watched addresses: copies of one real payment intent, each with its own deposit address,
    // in USDT: the generated blocks' transfers are USDT's (the scanner credits only a payment's own token).
    // They are payment intents without an owner record (nor an HD index), so the deposits found for
    // them are stored, reach depth and are refused ("not found"): each costs the catch-up a transaction.
    const database = await db();
    const started = Date.now();
    for (let from = 0; from < watched; from += 10_000) {
      const to = Math.min(watched, from + 10_000);
      await database.execute(sql`
        INSERT INTO payment_intents (id, org_id, client_id, pricing_mode, chain_id, token_symbol, token_address, decimals, payment_address, address_index, status, crypto_amount, payment_method_type, payout_addresses)
        SELECT 'pi_bench_' || n, org_id, client_id, pricing_mode, chain_id, 'USDT', ${node.tokens.USDT}, decimals,
               '0xbEbEbEbE' || lpad(to_hex(n), 32, '0'), NULL, status, crypto_amount, payment_method_type, payout_addresses
        FROM payment_intents, generate_series(${from}::int, ${to - 1}::int) AS n WHERE id = ${template.payment_intent_id}`);
    }
    console.log(`${watched} watched addresses written in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    await node.mint(node.tokens.USDC, node.wallet(1).account.address, 1_000_000_000n);
    const { rpcChain } = await import("@/lib/studio/chain/evm/rpc-chains");
    const arb = rpcChain("arb")!;
    const reuse = captureFile !== undefined && fs.existsSync(captureFile);
    let start = 0;
    if (!reuse) {
      await scanRpcChains(); // the scanner's starting point: the head before the blocks below
      start = Number(await node.public.getBlockNumber());
      await generate(node);
      // What the node itself takes to answer the logs of every generated block (no database involved).
      const logsStarted = Date.now();
      const head = Number(await node.public.getBlockNumber());
      let logCount = 0;
      for (let from = head - blocks + 1; from <= head; from += 100) {
        const logs = (await node.public.request({ method: "eth_getLogs", params: [{ address: [node.tokens.USDC, node.tokens.USDT], fromBlock: `0x${from.toString(16)}`, toBlock: `0x${Math.min(head, from + 99).toString(16)}` }] } as never)) as unknown[];
        logCount += logs.length;
      }
      console.log(
        `the node alone: eth_getLogs of ${logCount} logs over ${blocks} blocks in ${((Date.now() - logsStarted) / 1000).toFixed(2)} s = ${(blocks / ((Date.now() - logsStarted) / 1000)).toFixed(0)} blocks/s; load average ${loadAverage()}`,
      );
      await loadWatched();
      await catchUp(arb, "Hardhat's node directly");
    }

    // The same blocks again, served by a replay of what the node answered (bench/chain-replay.ts):
    // the scanner's own cost, without Hardhat's slow eth_getLogs. The scanner starts again at the
    // block before them; deposits it already stored are found again and not stored twice.
    const replay = await startReplay(node, start, Number(await node.public.getBlockNumber()));
    try {
      const { createPublicClient, http } = await import("viem");
      const { rpcEndpoint } = await import("@/lib/studio/chain/evm/rpc-endpoint");
      const replayed = { ...arb, endpoint: rpcEndpoint(replay.url), client: createPublicClient({ transport: http(replay.url, { retryCount: 1, retryDelay: 50, timeout: 10_000 }) }) };
      const first = await replayed.client.getBlock({ blockNumber: BigInt(replay.from) });
      await database.execute(sql`DELETE FROM chain_scanned_blocks WHERE chain_id = 'arb'`);
      await database.execute(sql`INSERT INTO chain_scanned_blocks (chain_id, number, hash) VALUES ('arb', ${replay.from}, ${first.hash})`);
      await database.execute(sql`INSERT INTO chain_scan_state (chain_id, scanned_block, head_block) VALUES ('arb', ${replay.from}, ${replay.to})
        ON CONFLICT (chain_id) DO UPDATE SET scanned_block = excluded.scanned_block, head_block = excluded.head_block`);
      await loadWatched();
      const replayCpu = () => replayed.client.request({ method: "replay_cpuUsage" } as never) as Promise<NodeJS.CpuUsage>;
      const replayBefore = await replayCpu();
      await profiled(() => catchUp(replayed, "a replay of the node's answers (bench/chain-replay.ts)"));
      const replayAfter = await replayCpu();
      console.log(`  the replay server's CPU meanwhile: ${((replayAfter.user + replayAfter.system - replayBefore.user - replayBefore.system) / 1e6).toFixed(2)} s`);
    } finally {
      replay.stop();
    }
    // Back on the node itself for the depth figure: the scanner follows its head from here.
    await database.execute(sql`DELETE FROM chain_scanned_blocks WHERE chain_id = 'arb'`);
    await database.execute(sql`DELETE FROM chain_scan_state WHERE chain_id = 'arb'`);
    await scanRpcChains();

    // Depth → success: a real payment, blocks mined one by one, the background round polling.
    const { backgroundRound } = await import("@/lib/studio/process/sweeper");
    const { getPaymentIntent } = await import("@/lib/studio/standalone-payments/get-payment-intent");
    let stop = false;
    const loop = (async () => {
      while (!stop) {
        await backgroundRound().catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    })();
    const latencies: number[] = [];
    for (let index = 0; index < payments; index++) {
      const intent = await create();
      await node.transfer(1, node.tokens.USDC, intent.payment_address as Address, 1_000_000n);
      await node.mine(DEPTH - 2);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await node.mine(); // this block brings the transfer to its depth
      const mined = Date.now();
      while ((await getPaymentIntent({ principal: finance, id: intent.payment_intent_id })).status !== "success") {
        if (Date.now() - mined > 30_000) throw new Error("payment did not succeed within 30 s");
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      latencies.push(Date.now() - mined);
    }
    stop = true;
    await loop;
    const p50 = percentile(latencies, 50);
    console.log(
      `depth → success: p50 ${p50} ms, p90 ${percentile(latencies, 90)} ms over ${payments} payments, round every ${pollMs} ms (target p50 < 1000 ms: ${p50 < 1000 ? "pass" : "FAIL"}); load average ${loadAverage()}`,
    );
    const { closeDatabase } = await import("@/lib/db/client");
    await closeDatabase();
  } finally {
    await node.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (scratch) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
  }
}

/** Blocks of `transfersPerBlock` token transfers each: one scatter() transaction per block. */
async function generate(node: LocalNode): Promise<void> {
  const sender = node.wallet(0);
  const generated = Date.now();
  for (let block = 0; block < blocks; block++) {
    // Every hundredth block pays one watched address; every other transfer goes to an address
    // nobody watches (the scanner still has to look each one up).
    const recipients = Array.from({ length: transfersPerBlock }, (_, index) =>
      index === 0 && block % 100 === 0 ? watchedAddress((block * 7919) % watched) : (`0x${randomBytes(20).toString("hex")}` as Address),
    );
    await sender.sendTransaction({
      to: node.tokens.USDT,
      data: encodeFunctionData({ abi: stablecoinAbi, functionName: "scatter", args: [recipients, 1_000_000n] }) as Hex,
      gas: 30_000_000n,
      chain: null,
      account: sender.account,
    });
    if (block % 1000 === 999) console.log(`  ${block + 1} blocks generated (${((Date.now() - generated) / 1000).toFixed(0)} s)`);
  }
}

/**
 * The scanner's in-memory index of the watched addresses, read from the database once per process
 * (then kept current by each round): timed on its own, so the catch-up figure is the scanning.
 */
async function loadWatched(): Promise<void> {
  const { watchedAddresses } = await import("@/lib/studio/chain/evm/watched-addresses");
  const started = Date.now();
  const count = (await watchedAddresses("arb")).owners.size;
  console.log(`the scanner's index of ${count} watched addresses loaded in ${((Date.now() - started) / 1000).toFixed(2)} s (once per process)`);
}

/** Runs `work` under the CPU profiler when BENCH_PROFILE names a file (a .cpuprofile for Chrome's DevTools). */
async function profiled<T>(work: () => Promise<T>): Promise<T> {
  const file = process.env.BENCH_PROFILE;
  if (!file) return work();
  const session = new inspector.Session();
  session.connect();
  const post = (method: string, params?: object) => new Promise<unknown>((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
  await post("Profiler.enable");
  await post("Profiler.setSamplingInterval", { interval: 200 });
  await post("Profiler.start");
  try {
    return await work();
  } finally {
    const { profile } = (await post("Profiler.stop")) as { profile: unknown };
    fs.writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
    console.log(`CPU profile of the replay catch-up written to ${file}`);
  }
}

/** Scans `rpcChain` from its stored position to its node's head and prints the rate. */
async function catchUp(rpcChain: RpcChain, against: string): Promise<number> {
  const { scanChain, scanPosition } = await import("@/lib/studio/chain/evm/scanner");
  const { takeChainLease } = await import("@/lib/studio/chain/evm/chain-lease");
  const { db } = await import("@/lib/db/client");
  const { sql } = await import("drizzle-orm");
  const before = (await scanPosition("arb"))!.scannedBlock;
  const started = Date.now();
  const cpuBefore = process.cpuUsage();
  let last;
  do {
    const lease = await takeChainLease(rpcChain.chain.id, "scanner");
    if (!lease) throw new Error("another process holds the scanner lease of arb");
    last = await scanChain(rpcChain, lease);
  }
  while ((last.error || last.backingOff || last.scanned < last.head) && Date.now() - started < 600_000);
  const seconds = (Date.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  if (last.error) console.log(`  last error: ${last.error}`);
  const database = await db();
  const byStatus = ((await database.execute(sql`SELECT status, count(*)::int AS count FROM chain_deposits GROUP BY status ORDER BY status`)) as unknown as {
    rows: Array<{ status: string; count: number }>;
  }).rows;
  const seen = byStatus.map((row) => `${row.count} ${row.status}`).join(", ") || "none";
  const scannedBlocks = last.scanned - before;
  const rate = scannedBlocks / seconds;
  console.log(
    `catch-up against ${against}: ${scannedBlocks} blocks × ${transfersPerBlock} transfers against ${watched} watched addresses in ${seconds.toFixed(2)} s = ${rate.toFixed(0)} blocks/s (target >= 2000: ${rate >= 2000 ? "pass" : "FAIL"}); deposits stored: ${seen}; load average ${loadAverage()}`,
  );
  // What the machine's other work cannot change: the scanner process's own CPU per block.
  console.log(
    `  the scanner process's CPU: ${cpuSeconds.toFixed(2)} s (user + system, the database included) = ${(scannedBlocks / cpuSeconds).toFixed(0)} blocks per CPU-second`,
  );
  return rate;
}

/** The replay server (bench/chain-replay.ts) in a process of its own, holding blocks `from`..`to` of the node. */
async function startReplay(node: LocalNode, from: number, to: number) {
  const child = spawn(path.join(import.meta.dirname, "../node_modules/.bin/tsx"), [path.join(import.meta.dirname, "chain-replay.ts")], {
    env: { ...process.env, REPLAY_UPSTREAM: node.directUrl, REPLAY_FROM: String(from), REPLAY_TO: String(to), REPLAY_ADDRESSES: `${node.tokens.USDC},${node.tokens.USDT}`, REPLAY_CAPTURE: captureFile ?? "" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const line = await new Promise<string>((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const found = /listening (\d+) (\d+) (\d+)/.exec(output);
      if (found) resolve(found[0]);
    });
    child.once("exit", (code) => reject(new Error(`the replay server exited (${code}): ${output}`)));
  });
  const [, port, first, last] = line.split(" ").map(Number) as [number, number, number, number];
  console.log(`replay of blocks ${first}..${last} ready`);
  return { url: `http://127.0.0.1:${port}`, from: first, to: last, stop: () => child.kill("SIGTERM") };
}

/** The 1-minute load average (other sessions share this machine): printed beside every figure. */
function loadAverage(): string {
  return os.loadavg()[0]!.toFixed(1);
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
