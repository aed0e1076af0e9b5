// Saved views (issue 27): a person names a list's filters and sort; the view is theirs alone,
// checked as the list checks its query, unique by name, and at most 50 per list.
import { describe, expect, it } from "vitest";
import { api, expectError, type Role } from "./support";

type View = { id: string; list: string; name: string; query: string; created_at: string };

const save = (body: Record<string, unknown>, role: Role = "finance", orgIndex: 0 | 1 = 0) => api("POST", "/saved_views", { role, orgIndex, body });
async function views(list: string, role: Role = "finance", orgIndex: 0 | 1 = 0): Promise<View[]> {
  const response = await api("GET", `/saved_views?list=${list}`, { role, orgIndex });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

describe("saved views", () => {
  it("saves a list's filters and sort under a name, in a stable order, for its person only", async () => {
    const created = await save({ list: "invoices", name: "  Biggest waiting  ", query: "?sort=-amount&status_category=awaiting_payment" });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const view: View = created.body.data;
    expect(view).toMatchObject({ list: "invoices", name: "Biggest waiting", query: "sort=-amount&status_category=awaiting_payment" });
    expect(view.id).toMatch(/^view_/);
    expect(await views("invoices")).toEqual([view]);
    // Another list, another person of the organization, another organization: none of them see it.
    expect(await views("payouts")).toEqual([]);
    expect(await views("invoices", "approver")).toEqual([]);
    expect(await views("invoices", "finance", 1)).toEqual([]);
    // Nobody else can delete it either.
    expectError(await api("DELETE", `/saved_views/${view.id}`, { role: "approver" }), 404, 40400);
    expectError(await api("DELETE", `/saved_views/${view.id}`, { role: "finance", orgIndex: 1 }), 404, 40400);
    const deleted = await api("DELETE", `/saved_views/${view.id}`, { role: "finance" });
    expect(deleted.status).toBe(200);
    expect(await views("invoices")).toEqual([]);
    expectError(await api("DELETE", `/saved_views/${view.id}`, { role: "finance" }), 404, 40400);
  });

  it("refuses a query the list would refuse, a page, an unknown list or a blank name with 400, saving nothing", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ list: "payouts", name: "x", query: "colour=blue" }, "query"],
      [{ list: "payouts", name: "x", query: "status=nope" }, "query"],
      [{ list: "payouts", name: "x", query: "sort=recipient" }, "query"],
      [{ list: "payouts", name: "x", query: "page=3&status=approved" }, "query"],
      [{ list: "payouts", name: "x", query: "status=approved&status=rejected" }, "query"],
      [{ list: "payouts", name: "x", query: `search=${"a".repeat(2001)}` }, "query"],
      [{ list: "ledger", name: "x", query: "" }, "list"],
      [{ list: "payouts", name: "   ", query: "" }, "name"],
      [{ list: "payouts", name: "n".repeat(61), query: "" }, "name"],
    ];
    for (const [body, field] of cases) {
      const refused = expectError(await save(body), 400, 40000);
      expect(refused.errors?.map((error) => error.field), JSON.stringify(body).slice(0, 80)).toContain(field);
    }
    expect(await views("payouts")).toEqual([]);
  });

  it("a name is one view per person and list: the second save is 409, and of two at once exactly one wins", async () => {
    expect((await save({ list: "payment_intents", name: "Paid", query: "status=success" })).status).toBe(200);
    expectError(await save({ list: "payment_intents", name: "Paid", query: "status=pending" }), 409, 40900);
    // The same name on another list, or for another person, is theirs to use.
    expect((await save({ list: "payouts", name: "Paid", query: "status=completed" })).status).toBe(200);
    expect((await save({ list: "payment_intents", name: "Paid", query: "status=success" }, "viewer")).status).toBe(200);
    const racing = await Promise.all(Array.from({ length: 6 }, () => save({ list: "payment_intents", name: "Racing", query: "" }, "approver")));
    expect(racing.map((response) => response.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect((await views("payment_intents", "approver")).map((view) => view.name)).toEqual(["Racing"]);
  });

  it("keeps at most 50 views per person and list (422 beyond), and lists them by name", async () => {
    for (let n = 0; n < 50; n++) expect((await save({ list: "invoices", name: `View ${String(n).padStart(2, "0")}`, query: "" }, "admin")).status).toBe(200);
    const refused = expectError(await save({ list: "invoices", name: "One too many", query: "" }, "admin"), 422, 42200);
    expect(refused.message).toContain("50");
    const names = (await views("invoices", "admin")).map((view) => view.name);
    expect(names).toHaveLength(50);
    expect(names).toEqual([...names].sort());
  });
});
