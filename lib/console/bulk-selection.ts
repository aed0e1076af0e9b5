// The approver inbox's selection: what a shift-click selects and what a bulk decision totals.
import { formatUnits, parseUnits } from "@/lib/studio/core/money";

/**
 * The ids a shift-click covers: from the last row clicked (`anchor`) to the one clicked now,
 * both included, in the order shown. Without an anchor still on the page, just the clicked row.
 */
export function rangeOf(ids: readonly string[], anchor: string | null, clicked: string): string[] {
  const from = anchor === null ? -1 : ids.indexOf(anchor);
  const to = ids.indexOf(clicked);
  if (to === -1) return [];
  if (from === -1) return [clicked];
  return ids.slice(Math.min(from, to), Math.max(from, to) + 1);
}

/**
 * The exact total of each token among `rows`, in the order tokens first appear. One token can
 * have different decimals on different chains: the sum is kept at the finest of them.
 */
export function totalsByToken(rows: readonly { amount: string; token: string; decimals: number }[]): { token: string; total: string }[] {
  const totals = new Map<string, { units: bigint; decimals: number }>();
  for (const row of rows) {
    const seen = totals.get(row.token) ?? { units: 0n, decimals: row.decimals };
    const decimals = Math.max(seen.decimals, row.decimals);
    const scaled = seen.units * 10n ** BigInt(decimals - seen.decimals);
    totals.set(row.token, { units: scaled + parseUnits(row.amount, decimals), decimals });
  }
  return [...totals].map(([token, { units, decimals }]) => ({ token, total: formatUnits(units, decimals) }));
}
