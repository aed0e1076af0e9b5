// CSV exports (issue 27): each file, parsed back with a CSV library, holds exactly the rows the
// list endpoint answers under the same filters and sort, field for field; a BOM leads, cells that
// would start a formula are neutralised, amounts stay exact decimals, and refusals are envelopes.
import { randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { api, approveInvoice, createInvoice, createPayout, expectError, fundBalance, PAYOUT_TARGET, serverUrl, user, withdraw, type Role } from "./support";

const tag = `exp${randomUUID().slice(0, 8)}`;
const invoices: any[] = [];
// Descriptions are kept as written (names are trimmed): a tab or a carriage return can lead them.
const TAB_DESCRIPTION = `\t=1+1 tab ${tag}`;
const CR_DESCRIPTION = `\r=1+1 carriage return ${tag}`;
const ARB_USDC = "0xaf88d065e77c8cC2239327C5EDb3A432268e5831";
let withdrawalId = "";

type Query = Record<string, string | number | undefined>;
const search = (query: Query) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  return params.toString();
};

/** The export's answer: the raw text and its rows parsed by csv-parse (header row as keys). */
async function exported(path: string, query: Query = {}, role: Role = "viewer") {
  // Read as bytes: Response.text() drops a leading BOM, which is what this checks is there.
  const response = await fetch(`${serverUrl}/v1/studio/api${path}/export?${search(query)}`, { headers: { "X-STUDIO-API-KEY": user(role).api_key } });
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(response.status, bytes.toString("utf8").slice(0, 300)).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="[a-z-]+-\d{4}-\d{2}-\d{2}\.csv"$/);
  // Streamed as its batches are read, never gathered whole first (a million rows would be held in memory).
  expect(response.headers.get("transfer-encoding")).toBe("chunked");
  expect(response.headers.get("content-length")).toBeNull();
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString("utf8");
  const rows = parse(text, { bom: true, columns: true, skip_empty_lines: true }) as Record<string, string>[];
  return { text, rows };
}

/** Every row of the list under `query`, walked with the cursor. */
async function listed(path: string, query: Query = {}, role: Role = "viewer") {
  const rows: any[] = [];
  let cursor: string | undefined;
  do {
    const response = await api("GET", `${path}?${search({ ...query, page_size: 100, starting_after: cursor })}`, { role });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    rows.push(...response.body.data);
    cursor = response.body.paging.next_starting_after ?? undefined;
  } while (cursor);
  return rows;
}

/** A record's field as a CSV cell: absent and null are empty, objects are JSON. */
const cell = (value: unknown) => (value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value));

/** The cell as the file writes it: with an apostrophe first when it would start a formula (a plain decimal does not). */
const writtenCell = (value: unknown) => {
  const text = cell(value);
  return /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
};

/** The invoice and payout files' columns taken from the nested payment intent, by the intent's field. */
const PAYMENT_INTENT_COLUMNS: Record<string, string> = {
  pay_token: "symbol", chain: "payment_chain_id", crypto_amount: "crypto_amount", received_crypto_amount: "received_crypto_amount",
  payment_address: "payment_address", payout_target_address: "payout_target_address", payment_tx_hash: "payment_tx_hash",
};

/** Every column of a row of the file is the list record's field (or its nested payment intent's), as a cell. */
function expectCellsOf(row: Record<string, string>, record: any, nestedColumns: Record<string, string> = PAYMENT_INTENT_COLUMNS) {
  for (const [header, value] of Object.entries(row)) {
    const nested = nestedColumns[header];
    expect(nested !== undefined ? nested in record.payment_intent : header in record, header).toBe(true);
    expect(value, header).toBe(writtenCell(nested !== undefined ? record.payment_intent[nested] : record[header]));
  }
}

beforeAll(async () => {
  const names = [`=HYPERLINK("http://evil.example") ${tag}`, `王小明 ${tag}`, `+plus ${tag}`, `@at ${tag}`, `-minus, "quoted" ${tag}`, `Plain ${tag}`];
  const amounts = ["125.5", "0.000001", "1000000.25", "3", "42.42", "7"];
  for (const [index, name] of names.entries()) {
    invoices.push(
      await createInvoice({
        overrides: {
          recipient_name: name, organization_name: `Org ${tag}`, amount: amounts[index],
          description: [TAB_DESCRIPTION, CR_DESCRIPTION][index],
          detail_items: [{ name: "Line", quantity: 1, unit_price: Number(amounts[index]) }],
        },
      }),
    );
  }
  // Priced in TWD (amounts to the cent, a subtotal and tax from its items) and approved (a payment address).
  const fiat = await createInvoice({
    overrides: {
      recipient_name: `Fiat ${tag}`, organization_name: `Org ${tag}`, pricing_mode: "fiat", currency: "TWD", amount: "1000",
      detail_items: [{ name: "Consulting", quantity: 2, unit_price: 400, tax: 200 }],
    },
  });
  invoices.push(await approveInvoice(fiat.id));
  await createPayout({ overrides: { organization_name: `Org ${tag}`, amount: "12.345678", exact_out_amount: "12" } });
  await fundBalance("arb", "USDC", "2.5");
  // A debit: the ledger file must keep its negative amount a plain number, not neutralise it.
  const withdrawal = await withdraw({ chain_id: "arb", contract_address: ARB_USDC, amount: "1.25", wallet_address: PAYOUT_TARGET.evm });
  expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(200);
  withdrawalId = withdrawal.body.data.id;
});

describe("CSV export", () => {
  it("holds exactly the invoice list's rows under the same filters and sort, field for field", async () => {
    for (const sort of [undefined, "amount", "-due_date"]) {
      const { rows } = await exported("/invoice/intents", { search: tag, sort });
      const list = await listed("/invoice/intents", { search: tag, sort });
      expect(rows.map((row) => row.id)).toEqual(list.map((record) => record.id));
      expect(rows).toHaveLength(invoices.length);
      for (const [index, row] of rows.entries()) {
        const record = list[index];
        for (const field of ["invoice_id", "status", "amount", "currency", "recipient_email", "organization_name", "payment_terms", "created_at"]) {
          expect(row[field], field).toBe(cell(record[field]));
        }
        expect(row.crypto_amount).toBe(cell(record.payment_intent.crypto_amount));
        expect(row.pay_token).toBe(record.payment_intent.symbol);
        // Every column, not only the ones above.
        expectCellsOf(row, record);
        // The name as written, or with an apostrophe first when it would start a formula.
        expect(row.recipient_name).toBe(/^[=+\-@]/.test(record.recipient_name) ? `'${record.recipient_name}` : record.recipient_name);
      }
    }
  });

  it("neutralises formulas, keeps Chinese text and exact decimals", async () => {
    const { rows, text } = await exported("/invoice/intents", { search: tag, sort: "amount" });
    const names = rows.map((row) => row.recipient_name);
    expect(names).toContain(`'=HYPERLINK("http://evil.example") ${tag}`);
    expect(names).toContain(`'+plus ${tag}`);
    expect(names).toContain(`'@at ${tag}`);
    expect(names).toContain(`'-minus, "quoted" ${tag}`);
    expect(names).toContain(`王小明 ${tag}`);
    // A tab or a carriage return first is a formula too (the cell holding a CR is quoted).
    const descriptions = rows.map((row) => row.description);
    expect(descriptions).toContain(`'${TAB_DESCRIPTION}`);
    expect(descriptions).toContain(`'${CR_DESCRIPTION}`);
    expect(rows.map((row) => row.amount)).toEqual(["0.000001", "3", "7", "42.42", "125.5", "1000.00", "1000000.25"]);
    const fiat = rows.find((row) => row.recipient_name === `Fiat ${tag}`)!;
    expect([fiat.currency, fiat.subtotal, fiat.tax_total, fiat.payment_address]).toEqual(["TWD", "800.00", "200.00", expect.stringMatching(/^0x[0-9a-fA-F]{40}$/)]);
    // UTF-8 bytes for the Chinese name, not a code page.
    expect(Buffer.from(text, "utf8").includes(Buffer.from("王小明", "utf8"))).toBe(true);
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it("exports payouts, payment intents, the ledger, the audit log and webhook deliveries like their lists", async () => {
    const payouts = await exported("/payout/intents", { search: tag });
    const payoutList = await listed("/payout/intents", { search: tag });
    expect(payouts.rows.map((row) => [row.id, row.amount, row.exact_out_amount])).toEqual(payoutList.map((record) => [record.id, record.amount, record.exact_out_amount]));
    expect(payouts.rows[0]?.amount).toBe("12.345678");
    for (const [index, row] of payouts.rows.entries()) expectCellsOf(row, payoutList[index]);

    const pis = await exported("/payment/intents", { status: "success", sort: "-amount" });
    const piList = await listed("/payment/intents", { status: "success", sort: "-amount" });
    expect(pis.rows.map((row) => [row.payment_intent_id, row.crypto_amount])).toEqual(piList.map((record) => [record.payment_intent_id, record.crypto_amount]));
    for (const [index, row] of pis.rows.entries()) expectCellsOf(row, piList[index], {});

    // Other files add rows while this one runs: compare what both saw, in order.
    const ledger = await exported("/balances/ledger", { chain: "arb", token: "USDC", sort: "amount" });
    const ledgerList = await listed("/balances/ledger", { chain: "arb", token: "USDC", sort: "amount" });
    const common = (ids: string[], others: string[]) => ids.filter((id) => others.includes(id));
    const ledgerIds = ledger.rows.map((row) => String(row.id));
    const listIds = ledgerList.map((record) => String(record.id));
    expect(common(ledgerIds, listIds)).toEqual(common(listIds, ledgerIds));
    expect(common(ledgerIds, listIds).length).toBeGreaterThan(0);
    const byId = new Map(ledgerList.map((record) => [String(record.id), record]));
    for (const row of ledger.rows.filter((candidate) => byId.has(String(candidate.id)))) {
      const record = byId.get(String(row.id));
      expect([row.amount, row.kind, row.reference]).toEqual([record.amount, record.kind, record.reference]);
    }
    // A debit stays a plain negative decimal: a number, not a formula to neutralise.
    const debit = ledger.rows.find((row) => row.kind === "withdrawal" && row.reference?.includes(withdrawalId));
    expect(debit?.amount).toBe("-1.25");

    const invoice = invoices[0];
    const audit = await exported("/audit_log", { object_id: invoice.id }, "admin");
    const auditList = await listed("/audit_log", { object_id: invoice.id }, "admin");
    expect(audit.rows.map((row) => [row.id, row.action, row.actor_uid, JSON.parse(row.details ?? "")])).toEqual(
      auditList.map((record) => [record.id, record.action, record.actor_uid ?? "", record.details]),
    );

    // Deliveries to an organization endpoint say which one, as the list does (a callback's is empty).
    const added = await api("POST", "/webhook/endpoints", { role: "admin", body: { url: "https://hooks.example.test/export", event_types: ["invoice.*"] } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const endpointId: string = added.body.data.id;
    await approveInvoice((await createInvoice()).id);

    const deliveries = await exported("/webhook/deliveries", { sort: "created_at" });
    const deliveryList = await listed("/webhook/deliveries", { sort: "created_at" });
    const deliveryIds = deliveries.rows.map((row) => String(row.id));
    const deliveryListIds = deliveryList.map((record) => record.id);
    expect(common(deliveryIds, deliveryListIds)).toEqual(common(deliveryListIds, deliveryIds));
    expect(common(deliveryIds, deliveryListIds).length).toBeGreaterThan(0);
    const toEndpoint = await exported("/webhook/deliveries", { endpoint_id: endpointId });
    expect(toEndpoint.rows.length).toBeGreaterThan(0);
    expect(toEndpoint.rows.map((row) => [row.id, row.endpoint_id])).toEqual((await listed("/webhook/deliveries", { endpoint_id: endpointId })).map((record) => [record.id, record.endpoint_id]));
    expect((await api("DELETE", `/webhook/endpoints/${endpointId}`, { role: "admin" })).status).toBe(200);
  });

  it("refuses what the list refuses, in the error envelope, and asks the list's permission", async () => {
    const badSort = expectError(await api("GET", "/invoice/intents/export?sort=recipient", { role: "viewer" }), 400, 40000);
    expect(badSort.errors?.[0]?.field).toBe("sort");
    expectError(await api("GET", "/payout/intents/export?status=nope", { role: "viewer" }), 400, 40000);
    const badCursor = expectError(await api("GET", "/balances/ledger/export?created_after=yesterday&kind=nope", { role: "viewer" }), 400, 40000);
    expect(badCursor.errors?.map((issue) => issue.field)).toContain("kind");
    expectError(await api("GET", "/invoice/intents/export", { key: null }), 401, 40100);
    expectError(await api("GET", "/audit_log/export", { role: "viewer" }), 403, 40300);
  });

  it("exports only the caller's organization", async () => {
    const { rows } = await exported("/invoice/intents", { search: tag }, "admin");
    expect(rows).toHaveLength(invoices.length);
    const other = await api("GET", `/invoice/intents/export?search=${tag}`, { role: "admin", orgIndex: 1 });
    expect(other.status).toBe(200);
    expect(parse(other.body as string, { bom: true, columns: true })).toEqual([]);
  });
});
