"use client";
import { Amount } from "@/components/payments/amount";
import { payoutUnit } from "@/components/payouts/payout-amounts";
import { createdColumn, dueColumn, idColumn, partyColumn, RecordList, statusColumn, tokenAmountColumn, type Column, type TextFilter } from "@/components/payments/record-list";
import { formatDateTime } from "@/lib/console/format";
import { PAYOUTS } from "@/lib/console/resources";
import type { Payout } from "@/lib/console/types";

const TEXT_FILTERS: TextFilter[] = [
  { key: "payout_id", label: "Payout id" },
  { key: "payment_intent_id", label: "Payment intent id" },
  { key: "creator", label: "Creator" },
];

const COLUMNS: Column<Payout>[] = [
  idColumn(PAYOUTS, (payout) => payout.payout_id),
  partyColumn(),
  // What the recipient gets, in the token that funds the payout.
  tokenAmountColumn("Net", (payout) => payout.payment_intent.exact_out_amount ?? payout.exact_out_amount),
  {
    header: "Gross / fee",
    sort: "amount",
    className: "hidden text-right tabular-nums md:table-cell",
    cell: (payout) => (
      <>
        <Amount value={payout.amount} unit={payoutUnit(payout)} maxLength={10} />
        <div className="text-xs text-slate-600">
          fee <Amount value={payout.kg_fee_amount} unit={payoutUnit(payout)} maxLength={10} />
        </div>
      </>
    ),
  },
  statusColumn(),
  dueColumn((payout) => (payout.payment_intent.payment_deadline ? formatDateTime(payout.payment_intent.payment_deadline) : null)),
  createdColumn(),
];

export function PayoutList() {
  return <RecordList resource={PAYOUTS} textFilters={TEXT_FILTERS} columns={COLUMNS} />;
}
