import "server-only";
import { headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { DEFAULT_TIME_ZONE, isLocale, isTimeZone, localeFromAcceptLanguage, type Locale } from "@/lib/console/i18n/locales";
import { pagePasswordContext } from "@/lib/console/page-session";

/**
 * The language and time zone of the page being rendered: the signed-in person's saved choice, else
 * (no choice yet, or nobody signed in, as on /sign-in) the browser's Accept-Language and UTC. The
 * URL never carries the locale, so every path stays the one outside checks and links use.
 */
export async function requestPreferences(): Promise<{ locale: Locale; timeZone: string }> {
  const account = (await pagePasswordContext())?.session.account;
  const locale = isLocale(account?.locale) ? account.locale : localeFromAcceptLanguage((await headers()).get("accept-language"));
  const timeZone = isTimeZone(account?.timeZone) ? account.timeZone : DEFAULT_TIME_ZONE;
  return { locale, timeZone };
}

export default getRequestConfig(async () => {
  const { locale, timeZone } = await requestPreferences();
  return { locale, timeZone, messages: (await import(`./messages/${locale}.json`)).default };
});
