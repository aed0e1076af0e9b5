import { add, decimalFromNumber, multiply, toUnits, ZERO, type Decimal } from "@/lib/studio/core/money";

export type LineItem = { name: string; quantity: number; unit_price: number; tax?: number };

export type InvoiceTotals = { subtotal: Decimal; tax: Decimal; total: Decimal };

/** Σ quantity × unit_price, Σ tax, and their sum, computed exactly from the numbers as written. */
export function lineItemTotals(items: readonly LineItem[]): InvoiceTotals {
  let subtotal = ZERO;
  let tax = ZERO;
  for (const item of items) {
    subtotal = add(subtotal, multiply(decimalFromNumber(item.quantity), decimalFromNumber(item.unit_price)));
    if (item.tax !== undefined) tax = add(tax, decimalFromNumber(item.tax));
  }
  return { subtotal, tax, total: add(subtotal, tax) };
}

/** The line-item total in base units of the invoice's unit, rounded half-up to that unit. */
export function totalInUnits(items: readonly LineItem[], decimals: number): bigint {
  return toUnits(lineItemTotals(items).total, decimals, "half-up");
}
