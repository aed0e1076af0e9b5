"use client";
import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { buttonClass, inputClass, labelClass } from "@/components/ui/button";
import { apiFetch } from "@/lib/console/api";
import { LOCALE_NAMES, LOCALES, type Locale } from "@/lib/console/i18n/locales";

/**
 * Language (Browser default / English / 繁體中文) and time zone, saved with the person's account.
 * The page reloads on save: every string and date on it, and in the shell, is the server's render.
 */
export function LanguageForm({ locale, timeZone, timeZones }: { locale: Locale | null; timeZone: string | null; timeZones: string[] }) {
  const t = useTranslations();
  const save = useMutation({
    mutationFn: (preferences: { locale: string | null; time_zone: string | null }) => apiFetch("/api/me/preferences", { method: "PUT", body: preferences }),
    // The button stays disabled after success until the reload lands, so it cannot be pressed twice.
    onSuccess: () => window.location.reload(),
  });
  return (
    <form
      className="mt-3 grid max-w-sm gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        save.mutate({ locale: String(form.get("locale")) || null, time_zone: String(form.get("time_zone")) || null });
      }}
    >
      <div>
        <label htmlFor="locale" className={labelClass}>
          {t("account.language")}
        </label>
        <select id="locale" name="locale" defaultValue={locale ?? ""} className={inputClass}>
          <option value="">{t("account.browserDefault")}</option>
          {LOCALES.map((option) => (
            <option key={option} value={option} lang={option}>
              {LOCALE_NAMES[option]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="time_zone" className={labelClass}>
          {t("account.timeZone")}
        </label>
        <select id="time_zone" name="time_zone" defaultValue={timeZone ?? "UTC"} className={inputClass}>
          {timeZones.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
      </div>
      {save.error ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {t("account.saveFailed", { message: save.error.message })}
        </p>
      ) : null}
      <div>
        <button type="submit" className={buttonClass.primary} disabled={save.isPending || save.isSuccess}>
          {save.isPending || save.isSuccess ? t("common.saving") : t("common.save")}
        </button>
      </div>
    </form>
  );
}
