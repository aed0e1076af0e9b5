// `npm run bench:chain`: the deposit scanner against a real local node (Hardhat's), in-process, on
// a temp PGlite (or a scratch PostgreSQL database with BENCH_DRIVER=postgres). Two figures:
//   catch-up - BENCH_BLOCKS blocks of BENCH_TRANSFERS token transfers each (one transaction of
//              the test token's scatter() per block), read by a scanner that starts behind them,
//              against BENCH_WATCHED watched deposit addresses: blocks per second (target >= 2000);
//   depth    - from the block that brings a deposit to its depth being mined to `success` on its
//              record, with the background round running every BENCH_POLL_MS (target p50 < 1 s).
// Environment (optional): BENCH_BLOCKS (10000), BENCH_TRANSFERS (100), BENCH_WATCHED (100000),
// BENCH_PAYMENTS (20), BENCH_POLL_MS (250), BENCH_DRIVER (pglite | postgres), DATABASE_URL.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { encodeFunctionData, getAddress, type Address, type Hex } from "viem";
import { startLocalNode, stablecoinAbi } from "../e2e/chain/local-node";

const blocks = Number(process.env.BENCH_BLOCKS ?? 10_000);
const transfersPerBlock = Number(process.env.BENCH_TRANSFERS ?? 100);
const watched = Number(process.env.BENCH_WATCHED ?? 100_000);
const payments = Number(process.env.BENCH_PAYMENTS ?? 20);
const pollMs = Number(process.env.BENCH_POLL_MS ?? 250);
const driver = process.env.BENCH_DRIVER === "postgres" ? "postgres" : "pglite";
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
    const { awaitReady } = await import("@/lib/studio/boot");
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
    // The watched addresses: copies of one real payment intent, each with its own deposit address.
    const database = await db();
    const started = Date.now();
    for (let from = 0; from < watched; from += 10_000) {
      const to = Math.min(watched, from + 10_000);
      await database.execute(sql`
        INSERT INTO payment_intents (id, org_id, client_id, pricing_mode, chain_id, token_symbol, token_address, decimals, payment_address, address_index, status, crypto_amount, payment_method_type, payout_addresses)
        SELECT 'pi_bench_' || n, org_id, client_id, pricing_mode, chain_id, token_symbol, token_address, decimals,
               '0xbEbEbEbE' || lpad(to_hex(n), 32, '0'), NULL, status, crypto_amount, payment_method_type, payout_addresses
        FROM payment_intents, generate_series(${from}::int, ${to - 1}::int) AS n WHERE id = ${template.payment_intent_id}`);
    }
    console.log(`${watched} watched addresses written in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    await node.mint(node.tokens.USDC, node.wallet(1).account.address, 1_000_000_000n);
    await scanRpcChains(); // the scanner's starting point: the head before the blocks below
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

    // What the node itself takes to answer the logs of every generated block (no database involved).
    const logsStarted = Date.now();
    const head = Number(await node.public.getBlockNumber());
    let logCount = 0;
    for (let from = head - blocks + 1; from <= head; from += 100) {
      const logs = (await node.public.request({ method: "eth_getLogs", params: [{ address: [node.tokens.USDC, node.tokens.USDT], fromBlock: `0x${from.toString(16)}`, toBlock: `0x${Math.min(head, from + 99).toString(16)}` }] } as never)) as unknown[];
      logCount += logs.length;
    }
    console.log(`the node alone: eth_getLogs of ${logCount} logs over ${blocks} blocks in ${((Date.now() - logsStarted) / 1000).toFixed(2)} s`);
    const catchUp = Date.now();
    let last;
    do [last] = await scanRpcChains();
    while (last && (last.error || last.backingOff || last.scanned < last.head) && Date.now() - catchUp < 600_000);
    const seconds = (Date.now() - catchUp) / 1000;
    const seen = ((await database.execute(sql`SELECT count(*)::int AS seen FROM chain_deposits`)) as unknown as { rows: Array<{ seen: number }> }).rows[0]?.seen;
    const rate = blocks / seconds;
    console.log(`catch-up: ${blocks} blocks × ${transfersPerBlock} transfers against ${watched} watched addresses in ${seconds.toFixed(2)} s = ${rate.toFixed(0)} blocks/s (target >= 2000: ${rate >= 2000 ? "pass" : "FAIL"}); ${seen} deposits found`);

    // Depth → success: a real payment, blocks mined one by one, the background round polling.
    const { backgroundRound } = await import("@/lib/studio/sweeper");
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
    console.log(`depth → success: p50 ${p50} ms, p90 ${percentile(latencies, 90)} ms over ${payments} payments, round every ${pollMs} ms (target p50 < 1000 ms: ${p50 < 1000 ? "pass" : "FAIL"})`);
    const { closeDatabase } = await import("@/lib/db/client");
    await closeDatabase();
  } finally {
    await node.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (scratch) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
  }
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
