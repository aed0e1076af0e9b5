import { useTranslations } from "next-intl";
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
  const t = useTranslations("payout");
  return (
    <Section id="amounts" title={t("amounts")}>
      <AmountRows
        unit={payoutUnit(payout)}
        className="max-w-sm"
        rows={[
          [t("gross"), payout.amount, false, "Gross amount"],
          [t("fee"), payout.kg_fee_amount, false, "Fee"],
          [t("net"), payout.exact_out_amount, true, "Net to recipient"],
        ]}
      />
      {/* Under fiat pricing, what actually moves on chain. */}
      {pi.pricing_mode === "fiat" && pi.exact_out_amount && pi.kg_fee_amount ? (
        <AmountRows
          unit={pi.symbol}
          className="max-w-sm text-slate-600"
          rows={[
            [t("fundingDue"), pi.crypto_amount, false, "Funding due"],
            [t("feeIn", { symbol: pi.symbol }), pi.kg_fee_amount, false, `Fee in ${pi.symbol}`],
            [t("netIn", { symbol: pi.symbol }), pi.exact_out_amount, false, `Net in ${pi.symbol}`],
          ]}
        />
      ) : null}
    </Section>
  );
}
