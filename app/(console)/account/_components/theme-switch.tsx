"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { THEMES, themeCookie, type Theme } from "@/lib/console/theme";

/**
 * System / Light / Dark. The choice applies at once (the <html> attribute the theme's CSS keys on)
 * and is remembered in this browser's cookie, which the server reads for every later page.
 */
export function ThemeSwitch({ initial }: { initial: Theme }) {
  const [theme, setTheme] = useState(initial);
  const t = useTranslations("account");
  const choose = (next: Theme) => {
    setTheme(next);
    document.cookie = themeCookie(next, window.location.protocol === "https:");
    document.documentElement.dataset.theme = next;
  };
  return (
    <fieldset className="mt-3">
      <legend className="sr-only">{t("theme")}</legend>
      <div className="inline-flex rounded-md border border-slate-300 bg-white p-0.5">
        {THEMES.map((option) => (
          <label
            key={option}
            className="cursor-pointer rounded px-3 py-1.5 text-sm font-medium text-slate-700 has-[:checked]:bg-indigo-700 has-[:checked]:text-white has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-700"
          >
            <input type="radio" name="theme" value={option} checked={theme === option} onChange={() => choose(option)} className="sr-only" />
            {t(`themes.${option}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
