import "server-only";
// Every kind of record that owns a payment intent: what the deposit recorder and the sweeper
// go through, each owner bringing its own state table.
import { invoiceOwner } from "@/lib/studio/invoices/owner";
import { payoutOwner } from "@/lib/studio/payouts/owner";
import { standaloneOwner } from "@/lib/studio/standalone-payments/owner";
import type { AnyOwner } from "@/lib/studio/workflow/owner";

export const WORKFLOW_OWNERS: readonly AnyOwner[] = [invoiceOwner, payoutOwner, standaloneOwner];
