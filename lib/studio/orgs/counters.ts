import { eq, sql } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { organizations } from "@/lib/studio/db/schema";

const COUNTER = { invoice: organizations.invoiceCounter, payout: organizations.payoutCounter } as const;
const PREFIX = { invoice: "INV", payout: "PO" } as const;

/** The next human-readable number of the organization's records: `INV-2026-000042`, `PO-2026-000007`. */
export async function nextRecordNumber(tx: Tx, orgId: number, kind: keyof typeof COUNTER, now: Date): Promise<string> {
  const column = COUNTER[kind];
  const [counter] = await tx
    .update(organizations)
    .set({ [kind === "invoice" ? "invoiceCounter" : "payoutCounter"]: sql`${column} + 1` })
    .where(eq(organizations.id, orgId))
    .returning({ value: column });
  if (!counter) throw new Error(`organization ${orgId} vanished`);
  return `${PREFIX[kind]}-${now.getUTCFullYear()}-${String(counter.value).padStart(6, "0")}`;
}
