// Amounts, dates and times shown in the person's language and time zone. Amounts are decimal
// strings and never become floats: only the separators and the currency's sign come from Intl
// (formatToParts of a sample number), the digits are the string's own, every one of them kept.
import { DEFAULT_TIME_ZONE, type Locale } from "@/lib/console/i18n/locales";

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

// Building an Intl formatter costs far more than using one, so each is built once per locale,
// zone or currency and kept: there are only a few of each.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function kept<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, build: () => T): T {
  let found = formatters.get(key) as T | undefined;
  if (!found) {
    found = build();
    formatters.set(key, found);
  }
  return found;
}

type Separators = { group: string; decimal: string; minus: string };
const separatorsCache = new Map<string, Separators>();

function separators(locale: string): Separators {
  let found = separatorsCache.get(locale);
  if (!found) {
    const parts = new Intl.NumberFormat(locale).formatToParts(-12345.6);
    found = {
      group: parts.find((part) => part.type === "group")?.value ?? ",",
      decimal: parts.find((part) => part.type === "decimal")?.value ?? ".",
      minus: parts.find((part) => part.type === "minusSign")?.value ?? "-",
    };
    separatorsCache.set(locale, found);
  }
  return found;
}

function groupDigits(digits: string, group: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, group);
}

/**
 * A decimal string with the locale's digit grouping and decimal sign ("1234.50" → "1,234.50" in
 * zh-TW), every fraction digit kept. English keeps the API's own plain form, which people copy
 * into other systems and the console has always shown. Anything not a plain decimal is shown as is.
 */
export function formatAmount(value: string, locale: Locale): string {
  if (locale === "en") return value;
  const match = DECIMAL.exec(value);
  if (!match) return value;
  const [, sign, whole = "", fraction] = match;
  const { group, decimal, minus } = separators(locale);
  return `${sign ? minus : ""}${groupDigits(whole, group)}${fraction === undefined ? "" : decimal + fraction}`;
}

/**
 * A fiat amount as the locale writes money in `currency` (zh-TW: "$1,234.50" for TWD, its own
 * dollar, and "US$1,234.50" for USD), its digits those of `value`. English keeps "1234.50 TWD".
 */
export function formatMoney(value: string, currency: string, locale: Locale): string {
  if (locale === "en" || !/^[A-Z]{3}$/.test(currency)) return `${value} ${currency}`;
  const match = DECIMAL.exec(value);
  if (!match) return `${value} ${currency}`;
  let parts: Intl.NumberFormatPart[];
  try {
    parts = kept(`money ${locale} ${currency}`, () => new Intl.NumberFormat(locale, { style: "currency", currency })).formatToParts(match[1] ? -1 : 1);
  } catch {
    return `${value} ${currency}`;
  }
  const number = formatAmount(value.replace(/^-/, ""), locale);
  let placed = false;
  return parts
    .map((part) => {
      if (part.type === "integer" || part.type === "decimal" || part.type === "fraction" || part.type === "group") {
        if (placed) return "";
        placed = true;
        return number;
      }
      return part.value;
    })
    .join("");
}

export type DateOptions = { locale: Locale; timeZone?: string | null };

function toDate(value: string | number | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === "" || value === 0) return undefined;
  const date = typeof value === "number" ? new Date(value * 1000) : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function zoneLabel(date: Date, timeZone: string, locale: Locale): string {
  if (timeZone === "UTC") return "UTC";
  return kept(`zone ${locale} ${timeZone}`, () => new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: "short" }))
    .formatToParts(date).find((part) => part.type === "timeZoneName")?.value ?? timeZone;
}

type MomentParts = { year: string; month: string; day: string; hour: string; minute: string };

// UTC, everyone's zone until they choose one, needs no Intl: a page's first DateTimeFormat costs
// 50 ms of a desktop CPU (ICU loading its date data; a phone's four times that), the largest piece
// of our own code in a list page's load (issue 27).
function utcParts(date: Date): MomentParts {
  const iso = date.toISOString();
  return { year: iso.slice(0, 4), month: iso.slice(5, 7), day: iso.slice(8, 10), hour: iso.slice(11, 13), minute: iso.slice(14, 16) };
}

function zonedParts(date: Date, timeZone: string): MomentParts {
  const formatter = kept(`moment ${timeZone}`, () => new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }));
  return Object.fromEntries(formatter.formatToParts(date).map((part) => [part.type, part.value])) as MomentParts;
}

/**
 * A moment (ISO string or Unix seconds) in the person's time zone, to the minute, with the zone
 * named: "2026-11-26 18:30 UTC" in English (the console's form before languages), "2026/11/27
 * 02:30 GMT+8" in zh-TW.
 */
export function formatDateTime(value: string | number | null | undefined, { locale, timeZone }: DateOptions): string {
  const date = toDate(value);
  if (!date) return "—";
  const zone = timeZone || DEFAULT_TIME_ZONE;
  const parts = zone === "UTC" ? utcParts(date) : zonedParts(date, zone);
  const separator = locale === "en" ? "-" : "/";
  return `${parts.year}${separator}${parts.month}${separator}${parts.day} ${parts.hour}:${parts.minute} ${zoneLabel(date, zone, locale)}`;
}

/** A calendar date ("2026-11-26"; zh-TW "2026/11/26"): the API's dates have no time, so no zone moves them. */
export function formatDate(value: string | null | undefined, { locale }: DateOptions): string {
  if (!value) return "—";
  const day = value.slice(0, 10);
  return locale === "en" ? day : day.replaceAll("-", "/");
}
