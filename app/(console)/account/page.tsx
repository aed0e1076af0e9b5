import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AccountPassword } from "@/app/(console)/account/account-password";
import { LanguageForm } from "./_components/language-form";
import { ThemeSwitch } from "./_components/theme-switch";
import { isLocale, timeZoneChoices } from "@/lib/console/i18n/locales";
import { pageContext } from "@/lib/console/page-session";
import { chosenTheme } from "@/lib/console/theme-choice";
import { ConsoleIntl } from "@/components/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("account"))("metaTitle") };
}
export const dynamic = "force-dynamic";

export default async function AccountPage() {
  const t = await getTranslations("account");
  const account = (await pageContext())?.session.account;
  return (
    <ConsoleIntl namespaces={["account", "password"]}>
      <section aria-labelledby="account-heading">
        <h1 id="account-heading" className="text-2xl font-semibold text-slate-900">
          {t("title")}
        </h1>
        <h2 className="mt-6 text-lg font-semibold text-slate-900">{t("languageHeading")}</h2>
        <p className="mt-1 max-w-prose text-sm text-slate-600">{t("languageHelp")}</p>
        <LanguageForm locale={isLocale(account?.locale) ? account.locale : null} timeZone={account?.timeZone ?? null} timeZones={timeZoneChoices()} />
        <h2 className="mt-8 text-lg font-semibold text-slate-900">{t("theme")}</h2>
        <p className="mt-1 max-w-prose text-sm text-slate-600">{t("themeHelp")}</p>
        <ThemeSwitch initial={await chosenTheme()} />
        <h2 className="mt-8 text-lg font-semibold text-slate-900">{t("changePassword")}</h2>
        <p className="mt-1 max-w-prose text-sm text-slate-600">{t("changePasswordHelp")}</p>
        <AccountPassword />
      </section>
    </ConsoleIntl>
  );
}
