// Step-up before money moves (issue 25) on a server of its own, since the test moves a session's
// password check back in the database (on PostgreSQL beside the running server; a PGlite folder
// belongs to one process, so there the server is stopped for it and started again). The console's
// sign, refund and withdraw routes refuse a session whose password was last proved more than 5
// minutes ago with 403/40303 and send nothing on; a step-up with the right password lets the very
// same request (same Idempotency-Key) through, once; a wrong one changes nothing. An API key never asks.
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceRequest, queryRows, withStudio } from "../node/support";
import { call, ownServer, suiteDriver, type OwnServer } from "./support";

const OP_USDC = "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85";
const WALLET = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const withdrawal = { chain_id: "optimism", contract_address: OP_USDC, amount: "1", wallet_address: WALLET };
// Spelled out in clock time here, not read from the code's constant.
const SIX_MINUTES = "6 minutes";

type Answer = { status: number; body: any };

describe(`step-up before money moves on ${suiteDriver}`, () => {
  let server: OwnServer;
  let admin: { email: string; password: string; api_key: string };
  beforeAll(async () => {
    server = await ownServer("step_up", suiteDriver, { SEED_DEMO_ACCOUNTS: "1" });
    const credentials = JSON.parse(fs.readFileSync(path.join(server.target.dataDir, "demo-credentials.json"), "utf8"));
    admin = credentials.orgs[0].users.find((user: { role: string }) => user.role === "admin");
  });
  afterAll(async () => {
    await server?.close();
  });

  const consoleCall = async (cookie: string, method: string, urlPath: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> => {
    const response = await fetch(`${server.baseUrl}${urlPath}`, {
      method,
      headers: { Cookie: cookie, Origin: server.baseUrl, ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  };
  const signIn = async (): Promise<string> => {
    const response = await fetch(`${server.baseUrl}/api/auth/sign-in`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.baseUrl },
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    });
    expect(response.status).toBe(200);
    return response.headers.getSetCookie().find((line) => /studio_session=/.test(line))!.split(";")[0]!;
  };
  const withdraw = (cookie: string, key: string) => consoleCall(cookie, "POST", "/api/withdrawals", withdrawal, { "Idempotency-Key": key });
  const withdrawals = async (): Promise<string[]> => {
    const list = await call(server, "GET", "/asset_pro/transfers?limit=100", admin.api_key);
    expect(list.status, list.text).toBe(200);
    return list.body.data.map((transfer: { id: string }) => transfer.id).sort();
  };
  const balance = async (): Promise<string> => {
    const balances = await call(server, "GET", "/balances", admin.api_key);
    return balances.body.data.find((row: { chain_id: string; symbol: string }) => row.chain_id === "optimism" && row.symbol === "USDC")?.amount ?? "0";
  };
  /** An invoice created, approved (by another person: maker-checker) and paid in full, through the API keys. */
  const paidInvoice = async (): Promise<string> => {
    const created = await call(server, "POST", "/invoice/intent", server.access.key("finance"), invoiceRequest(), { "X-Client-ID": server.access.clientId });
    expect(created.status, created.text).toBe(200);
    const approved = await call(server, "POST", `/invoice/intent/${created.body.data.id}/approve`, server.access.key("approver"));
    expect(approved.status, approved.text).toBe(200);
    const paid = await call(server, "POST", "/sandbox/pay", admin.api_key, { payment_address: approved.body.data.payment_intent.payment_address, amount: "10" });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.data.invoice.status).toBe("paid");
    return created.body.data.id;
  };
  const invoiceStatus = async (id: string) => (await call(server, "GET", `/invoice/intent/${id}`, admin.api_key)).body.data.status;
  /** Moves every session's password check 6 minutes back, as if that much time had passed. */
  const ageSessions = async () => {
    if (suiteDriver === "pglite") await server.stop();
    await withStudio(server.target, async (client) => {
      const aged = await queryRows(client, sql`UPDATE console_sessions SET password_checked_at = password_checked_at - ${SIX_MINUTES}::interval RETURNING token_hash`);
      expect(aged.length).toBeGreaterThan(0);
    });
    if (suiteDriver === "pglite") await server.start();
  };

  it("refuses a stale session's sign, refund and withdraw with 403/40303 and changes nothing; a right step-up lets the same request through once", async () => {
    const clientId = { "X-Client-ID": server.access.clientId };
    const intent = await call(server, "POST", "/payment/intent", admin.api_key, { crypto_amount: "10", pay_token: "USDC", chain: "optimism", group_key: `step-up-${randomUUID().slice(0, 8)}` }, clientId);
    expect(intent.status, intent.text).toBe(200);
    const paid = await call(server, "POST", `/sandbox/payment_intent/${intent.body.data.payment_intent_id}/pay`, admin.api_key, { amount: "10" });
    expect(paid.status, paid.text).toBe(200);
    expect(await balance()).toBe("10");

    // Signed in just now: the password was proved, money moves.
    const cookie = await signIn();
    const fresh = await withdraw(cookie, randomUUID());
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    expect(await balance()).toBe("9");

    const invoice = await paidInvoice();

    await ageSessions();
    const before = { withdrawals: await withdrawals(), balance: await balance() };
    const signKey = randomUUID();
    const sign = () => consoleCall(cookie, "POST", `/api/invoices/${invoice}/sign`, {}, { "Idempotency-Key": signKey });
    const staleSign = await sign();
    expect(staleSign.status, JSON.stringify(staleSign.body)).toBe(403);
    expect(staleSign.body.code).toBe(40303);
    expect(await invoiceStatus(invoice)).toBe("paid");
    expect(before.balance).toBe("9");
    const key = randomUUID();
    const stale = await withdraw(cookie, key);
    expect(stale.status, JSON.stringify(stale.body)).toBe(403);
    expect(stale.body).toEqual({ code: 40303, message: expect.stringContaining("password") });
    // Every route that moves funds, before it reaches the Studio (no such records: a 404 would mean it got there).
    for (const urlPath of [
      "/api/invoices/inv_none/refund",
      "/api/payouts/po_none/refund",
      "/api/payment-intents/pi_none/refund",
      "/api/withdrawals/wd_none/approve",
      // A new key acts as its maker, signing included: minting one would step around the check.
      "/api/team/keys",
    ]) {
      const refused = await consoleCall(cookie, "POST", urlPath, {}, { "Idempotency-Key": randomUUID() });
      expect([refused.status, refused.body?.code], urlPath).toEqual([403, 40303]);
    }
    // What moves no funds is not asked: it reaches the Studio, which has no such record.
    for (const urlPath of ["/api/invoices/inv_none/approve", "/api/withdrawals/wd_none/reject"]) {
      const passed = await consoleCall(cookie, "POST", urlPath, { reason: "not ours" }, { "Idempotency-Key": randomUUID() });
      expect(passed.status, `${urlPath}: ${JSON.stringify(passed.body)}`).toBe(404);
    }
    expect(await withdrawals()).toEqual(before.withdrawals);
    expect(await balance()).toBe(before.balance);

    // A wrong password is refused beside its field and refreshes nothing.
    const wrong = await consoleCall(cookie, "POST", "/api/auth/step-up", { password: "not the password" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ field: "password", message: "The password is wrong" }]);
    expect((await withdraw(cookie, key)).status).toBe(403);
    const empty = await consoleCall(cookie, "POST", "/api/auth/step-up", {});
    expect(empty.status).toBe(400);
    // Another site cannot step a session up.
    const foreign = await consoleCall(cookie, "POST", "/api/auth/step-up", { password: admin.password }, { Origin: "https://elsewhere.test" });
    expect(foreign.status).toBe(403);
    expect((await withdraw(cookie, key)).status).toBe(403);
    expect(await withdrawals()).toEqual(before.withdrawals);
    expect(await balance()).toBe(before.balance);
    expect(await invoiceStatus(invoice)).toBe("paid");

    // The right password: the same request, same key, goes through, once.
    const stepped = await consoleCall(cookie, "POST", "/api/auth/step-up", { password: admin.password });
    expect(stepped.status, JSON.stringify(stepped.body)).toBe(200);
    expect(stepped.body.ok).toBe(true);
    const until = Date.parse(stepped.body.step_up_until);
    expect(until - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    const retried = await withdraw(cookie, key);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    const replayed = await withdraw(cookie, key);
    expect(replayed.status).toBe(200);
    expect(replayed.body.data.id).toBe(retried.body.data.id);
    expect(await withdrawals()).toEqual([...before.withdrawals, retried.body.data.id].sort());
    expect(await balance()).toBe("8");
    const signed = await sign();
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.data.status).toBe("signed");
  });

  it("never asks an API key: a key signs and withdraws with every session's check long past", async () => {
    const invoice = await paidInvoice();
    await ageSessions();
    const signed = await call(server, "POST", `/invoice/intent/${invoice}/sign`, admin.api_key, {});
    expect(signed.status, signed.text).toBe(200);
    expect(signed.body.data.status).toBe("signed");
    const before = BigInt(await balance());
    const sent = await call(server, "POST", "/asset_pro/transfer", admin.api_key, withdrawal, { "Idempotency-Key": randomUUID() });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.data.amount).toBe("1");
    expect(BigInt(await balance())).toBe(before - 1n);
  });
});
