"use client";
import { useTranslations } from "next-intl";
import { Amount, DateTime } from "@/components/payments/amount";
import { payoutUnit } from "@/components/payouts/payout-amounts";
import { createdColumn, dueColumn, idColumn, partyColumn, RecordList, statusColumn, tokenAmountColumn, type Column, type TextFilter } from "@/components/payments/record-list";
import { PAYOUTS } from "@/lib/console/resources";
import type { Payout } from "@/lib/console/types";

const TEXT_FILTERS: TextFilter[] = [
  { key: "payout_id", label: "Payout id", labelKey: "columns.payoutId" },
  { key: "payment_intent_id", label: "Payment intent id", labelKey: "columns.paymentIntentId" },
  { key: "creator", label: "Creator", labelKey: "columns.creator" },
];

/** "fee" before the fee amount, in the person's language. */
function FeeWord() {
  return <>{useTranslations("columns")("fee")}</>;
}

const COLUMNS: Column<Payout>[] = [
  idColumn(PAYOUTS, (payout) => payout.payout_id),
  partyColumn(),
  // What the recipient gets, in the token that funds the payout.
  tokenAmountColumn("Net", (payout) => payout.payment_intent.exact_out_amount ?? payout.exact_out_amount, "", undefined, "columns.net"),
  {
    header: "Gross / fee",
    labelKey: "columns.grossFee",
    sort: "amount",
    className: "hidden text-right tabular-nums md:table-cell",
    cell: (payout) => (
      <>
        <Amount value={payout.amount} unit={payoutUnit(payout)} maxLength={10} />
        <div className="text-xs text-slate-600">
          <FeeWord /> <Amount value={payout.kg_fee_amount} unit={payoutUnit(payout)} maxLength={10} />
        </div>
      </>
    ),
  },
  statusColumn(),
  dueColumn((payout) => (payout.payment_intent.payment_deadline ? <DateTime value={payout.payment_intent.payment_deadline} /> : null)),
  createdColumn(),
];

export function PayoutList() {
  return <RecordList resource={PAYOUTS} textFilters={TEXT_FILTERS} columns={COLUMNS} />;
}
