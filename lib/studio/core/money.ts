// Exact decimal arithmetic on bigint. Money never passes through a JS number: wire strings are
// parsed straight into integer base units, and JSON numbers (line items) through their shortest
// decimal spelling.

/** An exact decimal: `units / 10^scale`. */
export type Decimal = { units: bigint; scale: number };

export const PLAIN_DECIMAL = /^(0|[1-9]\d*)(?:\.(\d+))?$/;

export class AmountFormatError extends Error {}

/** Parses a non-negative plain decimal ("12", "0.5", "100.25"); rejects "1e3", "0x10", "-1", " 1", ".5". */
export function parseDecimal(text: string): Decimal {
  const match = PLAIN_DECIMAL.exec(text);
  if (!match) throw new AmountFormatError(`"${text}" is not a plain decimal number`);
  const fraction = match[2] ?? "";
  return { units: BigInt(match[1] + fraction), scale: fraction.length };
}

export function isPlainDecimal(text: string): boolean {
  return PLAIN_DECIMAL.test(text);
}

/** A JSON number as the decimal it was written as (JSON.parse keeps the shortest round-trip form). */
export function decimalFromNumber(value: number): Decimal {
  if (!Number.isFinite(value) || value < 0) throw new AmountFormatError(`${value} is not a non-negative number`);
  const text = String(value);
  if (/e/i.test(text)) throw new AmountFormatError(`${value} has too many digits to be an exact amount`);
  return parseDecimal(text);
}

/** Integer base units at `decimals` places; more places than that is an error, never a rounding. */
export function parseUnits(text: string, decimals: number): bigint {
  const value = parseDecimal(text);
  if (value.scale > decimals) {
    throw new AmountFormatError(`"${text}" has more than ${decimals} decimal places`);
  }
  return value.units * 10n ** BigInt(decimals - value.scale);
}

/** Like parseUnits, for a signed amount as the ledger stores debits ("-50"). */
export function parseSignedUnits(text: string, decimals: number): bigint {
  return text.startsWith("-") ? -parseUnits(text.slice(1), decimals) : parseUnits(text, decimals);
}

/** Canonical decimal string of base units: no exponent, no trailing fractional zeros. */
export function formatUnits(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

/** Base units with every place kept: formatFixed(1050n, 2) === "10.50". */
export function formatFixed(units: bigint, decimals: number): string {
  const text = formatUnits(units, decimals);
  if (decimals === 0) return text;
  const [whole, fraction = ""] = text.split(".");
  return `${whole}.${fraction.padEnd(decimals, "0")}`;
}

export function add(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return { units: rescaleExact(a, scale) + rescaleExact(b, scale), scale };
}

export function multiply(a: Decimal, b: Decimal): Decimal {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

export const ZERO: Decimal = { units: 0n, scale: 0 };

export type Rounding = "half-up" | "ceil" | "exact";

/** Base units at `decimals` places, rounding a longer fraction as asked ("exact" throws instead). */
export function toUnits(value: Decimal, decimals: number, rounding: Rounding): bigint {
  if (value.scale <= decimals) return rescaleExact(value, decimals);
  const divisor = 10n ** BigInt(value.scale - decimals);
  const quotient = value.units / divisor;
  const remainder = value.units % divisor;
  if (remainder === 0n) return quotient;
  if (rounding === "exact") throw new AmountFormatError(`more than ${decimals} decimal places`);
  if (rounding === "ceil") return quotient + 1n;
  return remainder * 2n >= divisor ? quotient + 1n : quotient;
}

/** ceil(numerator / denominator) in base units at `decimals` places; both operands positive. */
export function divideCeil(numerator: Decimal, denominator: Decimal, decimals: number): bigint {
  if (denominator.units <= 0n) throw new AmountFormatError("division by a non-positive amount");
  // units/10^s1 ÷ units2/10^s2 = units·10^(s2+decimals-s1) / units2, in 10^-decimals units.
  const exponent = denominator.scale + decimals - numerator.scale;
  let top = numerator.units;
  let bottom = denominator.units;
  if (exponent >= 0) top *= 10n ** BigInt(exponent);
  else bottom *= 10n ** BigInt(-exponent);
  const quotient = top / bottom;
  return top % bottom === 0n ? quotient : quotient + 1n;
}

function rescaleExact(value: Decimal, scale: number): bigint {
  return value.units * 10n ** BigInt(scale - value.scale);
}
