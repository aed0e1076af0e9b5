// The invoice list's free-text search on each driver, before and after ANALYZE has sampled the
// stored search text's trigrams (migrations 0015, 0016): with the statistics the trigram index is
// asked only for the search's rarest trigrams (lib/studio/core/search-trigrams.ts), a search without a
// space is checked in the stored text and one with a space column by column, and the answer must
// stay exactly what a contains-search of each column on its own finds.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootedDemoOrg, drivers, dropTarget, freshTarget, invoiceRequest, queryRows, withStudio, type Target } from "./support";

type SearchedRow = {
  id: string;
  seq: number;
  status: string;
  invoice_number: string;
  payment_intent_id: string;
  recipient_name: string;
  recipient_email: string;
  organization_name: string;
  organization_email: string;
};

describe.each(drivers)("invoice search on %s", (driver) => {
  let target: Target;
  beforeAll(async () => {
    target = await freshTarget(driver, "search");
  });
  afterAll(async () => {
    await dropTarget(target);
  });

  it("finds what a per-column contains-search finds, asking the index for the rarest trigrams once they are sampled", { timeout: 240_000 }, async () => {
    await withStudio(target, async (client) => {
      const demo = await bootedDemoOrg(target);
      const finance = await demo.principal("finance");
      const { createInvoice } = await import("@/lib/studio/invoices/create-invoice");
      const { listInvoices, invoiceListPlan } = await import("@/lib/studio/invoices/list-invoices");
      const { invoiceListQuerySchema } = await import("@/lib/studio/invoices/schemas");
      const { readTrigramFrequencies, selectiveTerms } = await import("@/lib/studio/core/search-trigrams");
      const { containsPattern } = await import("@/lib/studio/core/paging");
      const { INVOICE_SEARCH_STATISTICS } = await import("@/lib/studio/db/invoices-schema");

      // Every invoice shares its organization's address and a mail domain, as a shop's do.
      for (let k = 0; k < 48; k++) {
        await createInvoice({
          principal: finance,
          clientId: demo.clientId,
          request: invoiceRequest({
            recipient_name: k % 8 === 0 ? `Zoë Ñandú ${k}` : `Recipient ${k}`,
            recipient_email: `${k % 3 ? "r" : "XR"}${k}@Shared-Domain.test`,
            organization_email: "billing@shared-domain.test",
          }),
        });
      }
      const rows = await queryRows<SearchedRow>(
        client,
        sql`SELECT id, seq::int AS seq, status, invoice_number, payment_intent_id, recipient_name, recipient_email, organization_name, organization_email
            FROM invoices WHERE org_id = ${finance.orgId}`,
      );
      const matches = (search: string) =>
        rows.filter((row) =>
          [row.id, row.invoice_number, row.payment_intent_id, row.recipient_name, row.recipient_email, row.organization_name, row.organization_email].some(
            (value) => value.toLowerCase().includes(search.toLowerCase()),
          ),
        );
      const expected = (search: string) => matches(search).map((row) => row.id).sort();
      const searches = [
        "r13@shared-domain.test",
        "R13@SHARED",
        "xr1",
        "r1@",
        "R4@Shared",
        "shared-domain",
        "billing@shared",
        "Zoë Ñandú",
        "Ñandú",
        "Ñandú 1",
        "ent 4",
        // Spans the joined text of two columns, so no single column holds it.
        "ient 4 r4@",
        "@",
        "r1",
        rows[0]!.invoice_number,
        rows[0]!.payment_intent_id.slice(3, 12),
        "no-such-text",
      ];
      const searchAll = async () => {
        for (const search of searches) {
          const listed = await listInvoices({ principal: finance, query: invoiceListQuerySchema.parse({ search, page_size: "100" }) });
          const want = expected(search);
          expect(listed.paging.total_count, search).toBe(want.length);
          if (want.length <= 100) expect(listed.data.map((invoice) => invoice.id).sort(), search).toEqual(want);
          else for (const invoice of listed.data) expect(want, search).toContain(invoice.id);
        }
        // A status tab's second page: the counts still cover every status, the page only the tab's.
        const tab = await listInvoices({
          principal: finance,
          query: invoiceListQuerySchema.parse({ search: "shared-domain", status_category: "pending_review", page: "2", page_size: "5" }),
        });
        const inTab = matches("shared-domain")
          .filter((row) => row.status === "approval_pending")
          .sort((a, b) => b.seq - a.seq);
        expect(tab.data.map((invoice) => invoice.id)).toEqual(inTab.slice(5, 10).map((row) => row.id));
        expect(tab.paging.total_count).toBe(inTab.length);
        expect(tab.counts.pending_review).toBe(inTab.length);
      };
      expect(expected("r13@shared-domain.test")).toHaveLength(1);
      expect(expected("ient 4 r4@")).toHaveLength(0);

      // Before ANALYZE (PGlite never runs it on its own) the index is given the whole pattern.
      await searchAll();
      const database = await client.db();
      await database.execute(sql`ANALYZE invoices`);
      const frequencies = await readTrigramFrequencies(database, INVOICE_SEARCH_STATISTICS);
      // The demo seed's invoices are there too, so the shared domain is in about a fifth of the rows.
      expect(frequencies?.get("sha")).toBeGreaterThan(0.1);
      const chosen = selectiveTerms("r13@shared-domain.test", frequencies!).map((term) => term.pattern);
      expect(chosen).toEqual(expect.arrayContaining(["r13", "13@"]));
      expect(chosen).not.toContain("sha");
      // The list asks the index for those trigrams, and not for the whole pattern.
      const plan = invoiceListPlan(database, finance.orgId, invoiceListQuerySchema.parse({ search: "r13@shared-domain.test" }), frequencies);
      const [scan] = await plan.statements();
      for (const pattern of chosen) expect(scan!.params).toContain(containsPattern(pattern));
      expect(scan!.sql.match(/ LIKE lower\(/g)).toHaveLength(chosen.length);
      // Without a space the search cannot span two columns: it is looked for in the stored text.
      expect(scan!.sql).not.toMatch(/ilike/i);
      expect(scan!.sql).toContain("strpos(");
      await searchAll();
    });
  });
});
