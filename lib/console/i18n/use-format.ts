// The console's formatters bound to the person's language and time zone, for any component
// (client or server) under the console's NextIntlClientProvider (components/console-intl.tsx).
import { useLocale, useTimeZone, useTranslations } from "next-intl";
import { useMemo } from "react";
import { formatAmount, formatDate, formatDateTime, formatMoney } from "@/lib/console/i18n/format";

export function useFormat() {
  const locale = useLocale();
  const timeZone = useTimeZone() ?? "UTC";
  return useMemo(
    () => ({
      dateTime: (value: string | number | null | undefined) => formatDateTime(value, { locale, timeZone }),
      date: (value: string | null | undefined) => formatDate(value, { locale }),
      amount: (value: string) => formatAmount(value, locale),
      money: (value: string, currency: string) => formatMoney(value, currency, locale),
    }),
    [locale, timeZone],
  );
}

/** A record's or delivery's status in words; a status the catalogue lacks shows as the API's word. */
export function useStatusLabel(): (status: string) => string {
  const t = useTranslations("status");
  return (status) => (status && t.has(status as never) ? t(status as never) : status || "—");
}
