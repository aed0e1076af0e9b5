// The console's formatters bound to the person's language and time zone, for any component
// (client or server) under the console's NextIntlClientProvider (components/console-intl.tsx).
import { useLocale, useTimeZone, useTranslations } from "next-intl";
import { useMemo } from "react";
import { countdownParts } from "@/lib/console/format";
import { formatAmount, formatDate, formatDateTime, formatMoney } from "@/lib/console/i18n/format";

export function useFormat() {
  const locale = useLocale();
  const timeZone = useTimeZone() ?? "UTC";
  const t = useTranslations("common.countdown");
  return useMemo(
    () => ({
      dateTime: (value: string | number | null | undefined) => formatDateTime(value, { locale, timeZone }),
      date: (value: string | null | undefined) => formatDate(value, { locale }),
      amount: (value: string) => formatAmount(value, locale),
      money: (value: string, currency: string) => formatMoney(value, currency, locale),
      /** The time left before a deadline ("1 d 2 h", "3 h 05 min", "12 min 04 s"), or "passed". */
      countdown: (deadlineSeconds: number, nowMs: number) => {
        const parts = countdownParts(deadlineSeconds, nowMs);
        return parts ? t(parts.unit, parts) : t("passed");
      },
    }),
    [locale, timeZone, t],
  );
}

/** A record's or delivery's status in words; a status the catalogue lacks shows as the API's word. */
export function useStatusLabel(): (status: string) => string {
  const t = useTranslations("status");
  return (status) => (status && t.has(status as never) ? t(status as never) : status || "—");
}
