import "server-only";
import { z } from "zod";
import { amountText } from "@/lib/studio/core/records";

/** The periods the money series are summed by, and how many of them the dashboard shows (the current one included). */
export const DASHBOARD_INTERVALS = { day: 30, week: 12, month: 12 } as const;
export type DashboardInterval = keyof typeof DASHBOARD_INTERVALS;

export const dashboardQuerySchema = z.object({
  interval: z
    .enum(Object.keys(DASHBOARD_INTERVALS) as [DashboardInterval, ...DashboardInterval[]])
    .default("day")
    .meta({ description: "What the money series are summed by (UTC): the last 30 days, 12 weeks (from Monday) or 12 months" }),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** Receivables aging: days past the due date (issue date + payment terms, UTC days). */
export const AGING_BUCKETS = ["not_due", "1_30", "31_60", "61_90", "over_90"] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/** The invoice funnel: how many invoices reached each stage (by the status they are in now). */
export const FUNNEL_STAGES = ["created", "approved", "paid", "signed"] as const;

const periodAmount = z.object({
  period: z.string().meta({ description: "The period's first day, UTC (YYYY-MM-DD)", example: "2026-11-23" }),
  token: z.string().meta({ example: "USDC" }),
  amount: amountText("1250.5"),
  count: z.number().int().meta({ description: "Records summed", example: 4 }),
});

export const dashboardRecordSchema = z.object({
  interval: z.enum(Object.keys(DASHBOARD_INTERVALS) as [DashboardInterval, ...DashboardInterval[]]),
  since: z.string().meta({ description: "The first period's first day, UTC (YYYY-MM-DD)", example: "2026-10-28" }),
  received: z.array(periodAmount).meta({
    description:
      "Funds received at invoices' and standalone payment intents' deposit addresses, per period of the first transfer and token " +
      "(all transfers to the address summed, as `received_crypto_amount`); periods with nothing are left out",
  }),
  paid_out: z.array(periodAmount).meta({
    description: "Completed payouts' net sent to their targets (the payment intent's `exact_out_amount`), per period of the send and token",
  }),
  funnel: z
    .object(Object.fromEntries(FUNNEL_STAGES.map((stage) => [stage, z.number().int()])) as Record<(typeof FUNNEL_STAGES)[number], z.ZodNumber>)
    .meta({
      description:
        "Invoices by the furthest stage their status shows: created (every invoice), approved (approved or any status after approval), " +
        "paid (paid or signed), signed",
    }),
  aging: z
    .array(z.object({ bucket: z.enum(AGING_BUCKETS), token: z.string(), amount: amountText("300"), count: z.number().int() }))
    .meta({
      description:
        "Receivables: approved and underpaid invoices' outstanding token amount (amount less received) by days past due; buckets with none are left out",
    }),
  awaiting_action: z.number().int().meta({
    description:
      "Invoices, payouts and payment intents under review or needing action whose status allows a decision the caller may take (approve — not their own —, sign, refund)",
  }),
  balances: z.array(z.object({ chain_id: z.string(), symbol: z.string(), amount: amountText("1250.75") })).meta({ description: "The balance per chain and token, as GET /balances shows it (what withdrawal requests awaiting approval reserve left out)" }),
});
export type DashboardRecord = z.infer<typeof dashboardRecordSchema>;
