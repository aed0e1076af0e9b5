import { lineItemTotals, type LineItem } from "@/lib/studio/invoices/amounts";
import { formatFixed, toUnits } from "@/lib/studio/core/money";

/**
 * The form's running subtotal, tax and total at the invoice's unit (2 places for fiat, the token's
 * decimals for crypto), rounded the way the API checks `amount`; undefined while an item is not a number yet.
 */
export function liveTotals(
  items: ReadonlyArray<Partial<LineItem> | undefined>,
  decimals: number,
): { subtotal: string; tax: string; total: string } | undefined {
  const complete: LineItem[] = [];
  for (const item of items) {
    if (!item || typeof item.quantity !== "number" || typeof item.unit_price !== "number") return undefined;
    if (Number.isNaN(item.quantity) || Number.isNaN(item.unit_price)) return undefined;
    if (item.tax !== undefined && (typeof item.tax !== "number" || Number.isNaN(item.tax))) return undefined;
    complete.push({ name: item.name ?? "", quantity: item.quantity, unit_price: item.unit_price, tax: item.tax });
  }
  try {
    const totals = lineItemTotals(complete);
    const show = (value: typeof totals.total) => formatFixed(toUnits(value, decimals, "half-up"), decimals);
    return { subtotal: show(totals.subtotal), tax: show(totals.tax), total: show(totals.total) };
  } catch {
    return undefined;
  }
}
