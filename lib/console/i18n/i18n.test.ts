import { describe, expect, it } from "vitest";
import en from "@/lib/console/i18n/messages/en.json";
import zhTW from "@/lib/console/i18n/messages/zh-TW.json";
import { formatAmount, formatDate, formatDateTime, formatMoney } from "@/lib/console/i18n/format";
import { isTimeZone, localeFromAcceptLanguage } from "@/lib/console/i18n/locales";
import { STATUS_LABELS, CATEGORY_LABELS, DELIVERY_STATUS_LABELS } from "@/lib/console/format";
import type { components } from "@/lib/console/api-types";
import { AUDIT_ACTIONS } from "@/lib/studio/audit/actions";

type Tree = { [key: string]: string | Tree };

/** Every message's dotted key with its text. */
function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") keys.set(prefix + key, value);
    else for (const [inner, text] of flatten(value, `${prefix}${key}.`)) keys.set(inner, text);
  }
  return keys;
}

/** The ICU arguments a message takes ({count}, {message}…), so a translation cannot drop or rename one. */
const argumentsOf = (text: string) => [...new Set([...text.matchAll(/\{(\w+)(?:,|\})/g)].map((match) => match[1] ?? ""))].sort();
// English grammar a language without articles has no use for ("reject {article} {noun}").
const ENGLISH_ONLY = new Set(["article"]);

describe("the message catalogues", () => {
  const english = flatten(en);
  const chinese = flatten(zhTW);

  it("have the same keys in English and zh-TW", () => {
    expect([...english.keys()].filter((key) => !chinese.has(key))).toEqual([]);
    expect([...chinese.keys()].filter((key) => !english.has(key))).toEqual([]);
  });

  it("give each zh-TW message the English one's arguments (English grammar apart), and no message is empty", () => {
    for (const [key, text] of english) {
      expect(text, key).not.toBe("");
      expect(argumentsOf(chinese.get(key) ?? "").filter((name) => !ENGLISH_ONLY.has(name)), key).toEqual(argumentsOf(text).filter((name) => !ENGLISH_ONLY.has(name)));
    }
  });

  it("name every status and category the console shows, in English as the browser tests read them", () => {
    for (const [status, label] of Object.entries({ ...DELIVERY_STATUS_LABELS, ...STATUS_LABELS })) expect(english.get(`status.${status}`), status).toBe(label);
    for (const [category, label] of Object.entries(CATEGORY_LABELS)) expect(english.get(`category.${category}`), category).toBe(label);
    // An invoice's e-mails show their status too; a status the API adds fails to compile here until named.
    const emailStatuses: Record<components["schemas"]["InvoiceEmail"]["status"], true> = { pending: true, sent: true, failed: true };
    for (const status of Object.keys(emailStatuses)) expect(english.has(`status.${status}`) && chinese.has(`status.${status}`), status).toBe(true);
  });

  it("name every action the audit log writes, in both languages", () => {
    for (const action of AUDIT_ACTIONS) expect(english.has(`settings.audit.actions.${action}`) && chinese.has(`settings.audit.actions.${action}`), action).toBe(true);
  });
});

describe("formatAmount", () => {
  it("groups a zh-TW amount and keeps every digit of a long one, where a float would round", () => {
    const value = "123456789012345678.123456";
    expect(String(Number(value))).not.toContain("678.123456");
    expect(formatAmount(value, "zh-TW")).toBe("123,456,789,012,345,678.123456");
    expect(formatAmount("-1234.500000", "zh-TW")).toBe("-1,234.500000");
    expect(formatAmount("999", "zh-TW")).toBe("999");
  });

  it("leaves English amounts and anything not a plain decimal as they came", () => {
    expect(formatAmount("1234567.89", "en")).toBe("1234567.89");
    expect(formatAmount("1e21", "zh-TW")).toBe("1e21");
  });
});

describe("formatMoney", () => {
  it("writes TWD as Taiwan writes its dollar, grouped, every fraction digit kept", () => {
    const expected = new Intl.NumberFormat("zh-TW", { style: "currency", currency: "TWD" }).format(1234.5);
    expect(formatMoney("1234.50", "TWD", "zh-TW")).toBe(expected);
    expect(formatMoney("98765432109876543.21", "TWD", "zh-TW")).toBe(expected.replace("1,234.50", "98,765,432,109,876,543.21"));
    expect(formatMoney("10.5", "USD", "zh-TW")).toBe("US$10.5");
    expect(formatMoney("-3.00", "TWD", "zh-TW")).toMatch(/^-\D*3\.00$/);
  });

  it("keeps English money as the amount and its code", () => {
    expect(formatMoney("1234.50", "TWD", "en")).toBe("1234.50 TWD");
  });
});

describe("dates and times", () => {
  const moment = "2026-11-26T18:30:00Z";

  it("show UTC in English as the console always has", () => {
    expect(formatDateTime(moment, { locale: "en", timeZone: "UTC" })).toBe("2026-11-26 18:30 UTC");
    expect(formatDateTime(null, { locale: "en" })).toBe("—");
  });

  it("move to the person's time zone, which can change the day", () => {
    expect(formatDateTime(moment, { locale: "zh-TW", timeZone: "Asia/Taipei" })).toBe("2026/11/27 02:30 GMT+8");
    expect(formatDateTime(moment, { locale: "en", timeZone: "America/New_York" })).toBe("2026-11-26 13:30 EST");
    expect(formatDateTime(Date.parse(moment) / 1000, { locale: "zh-TW", timeZone: "UTC" })).toBe("2026/11/26 18:30 UTC");
  });

  it("keep calendar dates as they are, written the locale's way", () => {
    expect(formatDate("2026-11-26", { locale: "zh-TW" })).toBe("2026/11/26");
    expect(formatDate("2026-11-26", { locale: "en" })).toBe("2026-11-26");
  });

  it("accept only time zones the runtime knows", () => {
    expect(isTimeZone("Asia/Taipei")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });
});

describe("localeFromAcceptLanguage", () => {
  it.each([
    ["zh-TW,zh;q=0.9,en;q=0.8", "zh-TW"],
    ["zh-Hant", "zh-TW"],
    ["zh-HK", "zh-TW"],
    ["zh-Hant-TW", "zh-TW"],
    ["zh-CN,zh;q=0.9", "en"],
    ["en-US,en;q=0.9,zh-TW;q=0.8", "en"],
    ["fr-FR,zh-TW;q=0.5", "zh-TW"],
    ["de", "en"],
    ["", "en"],
    [null, "en"],
  ])("%s → %s", (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });
});
