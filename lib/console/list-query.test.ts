import { describe, expect, it } from "vitest";
import { apiQuery, consoleParams, INVOICE_FILTER_KEYS, PAYOUT_FILTER_KEYS, withChanges } from "@/lib/console/list-query";

describe("list URL state", () => {
  it("maps the date inputs to an inclusive UTC range and drops empty values", () => {
    const query = apiQuery(new URLSearchParams("created_from=2026-01-01&created_to=2026-01-31&search=&page=2&junk=1"), INVOICE_FILTER_KEYS);
    expect(query.toString()).toBe(
      "created_after=2026-01-01T00%3A00%3A00Z&created_before=2026-01-31T23%3A59%3A59.999Z&page=2",
    );
  });

  it("passes only the payout list's own parameters", () => {
    const query = apiQuery(
      new URLSearchParams("payout_id=PO-1&creator=Fiona&invoice_id=INV-1&created_from=2026-01-01&status_category=closed"),
      PAYOUT_FILTER_KEYS,
    );
    expect(query.toString()).toBe("status_category=closed&payout_id=PO-1&creator=Fiona");
  });

  it("returns to page 1 on a filter change but keeps the page when paging", () => {
    const params = new URLSearchParams("page=3&status=paid");
    expect(withChanges(params, { search: "acme" }).toString()).toBe("status=paid&search=acme");
    expect(withChanges(params, { page: "4" }).toString()).toBe("page=4&status=paid");
    expect(withChanges(params, { status: undefined }).toString()).toBe("");
  });

  it("turns a saved view's API query back into the list's URL, date inputs included, and round-trips", () => {
    const url = new URLSearchParams("created_from=2026-01-01&created_to=2026-01-31&status=paid&sort=-amount");
    const saved = apiQuery(url, INVOICE_FILTER_KEYS);
    expect(consoleParams(saved).toString()).toBe("status=paid&created_from=2026-01-01&created_to=2026-01-31&sort=-amount");
    expect(apiQuery(consoleParams(saved), INVOICE_FILTER_KEYS).toString()).toBe(saved.toString());
  });
});
