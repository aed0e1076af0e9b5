import { AmountRows, Section } from "@/components/payments/detail";
import type { Payout } from "@/lib/console/types";

/** The unit of a payout's own amounts: its fiat currency under fiat pricing, else the token. */
export function payoutUnit(payout: Payout): string {
  const pi = payout.payment_intent;
  return pi.pricing_mode === "fiat" ? (payout.currency ?? pi.fiat_currency ?? "") : pi.symbol;
}

/** Gross (what funds the payout), the fee the service keeps, and the net the recipient receives. */
export function PayoutAmounts({ payout }: { payout: Payout }) {
  const pi = payout.payment_intent;
  return (
    <Section id="amounts" title="Amounts">
      <AmountRows
        unit={payoutUnit(payout)}
        className="max-w-sm"
        rows={[
          ["Gross amount", payout.amount],
          ["Fee", payout.kg_fee_amount],
          ["Net to recipient", payout.exact_out_amount, true],
        ]}
      />
      {/* Under fiat pricing, what actually moves on chain. */}
      {pi.pricing_mode === "fiat" && pi.exact_out_amount && pi.kg_fee_amount ? (
        <AmountRows
          unit={pi.symbol}
          className="max-w-sm text-slate-600"
          rows={[
            ["Funding due", pi.crypto_amount],
            [`Fee in ${pi.symbol}`, pi.kg_fee_amount],
            [`Net in ${pi.symbol}`, pi.exact_out_amount],
          ]}
        />
      ) : null}
    </Section>
  );
}
