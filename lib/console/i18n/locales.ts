// The console's languages and how one is picked for a request: the person's saved choice, else
// their browser's Accept-Language. Pure, so the browser's forms and the unit tests read it too.

export const LOCALES = ["en", "zh-TW"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
export const DEFAULT_TIME_ZONE = "UTC";

/** Each language named in itself, as a person looking for theirs would read it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", "zh-TW": "繁體中文" };

export function isLocale(value: unknown): value is Locale {
  return LOCALES.includes(value as Locale);
}

// Traditional Chinese is written in Taiwan, Hong Kong and Macau; a bare "zh" or zh-CN/zh-Hans reads
// Simplified, which the console does not have, so those fall back to English.
const TRADITIONAL_CHINESE = /^zh-(tw|hk|mo|hant)(-|$)/i;

/** The console locale for an Accept-Language header: its first tag (by q) the console has, else English. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const tags = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter(({ tag, q }) => tag && q > 0 && !Number.isNaN(q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of tags) {
    if (TRADITIONAL_CHINESE.test(tag)) return "zh-TW";
    if (/^en(-|$)/i.test(tag)) return "en";
  }
  return DEFAULT_LOCALE;
}

/** Whether `value` is an IANA time zone this runtime knows ("UTC" included, which some lists omit). */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== "string" || value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The time zones offered on /account: UTC first, then the runtime's IANA list. */
export function timeZoneChoices(): string[] {
  return [DEFAULT_TIME_ZONE, ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== DEFAULT_TIME_ZONE)];
}
