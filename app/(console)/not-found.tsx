import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { buttonClass } from "@/components/ui/button";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("meta"))("notFound") };
}

export default async function ConsoleNotFound() {
  const t = await getTranslations("notFound");
  return (
    <div className="mx-auto max-w-xl rounded-lg border border-slate-200 bg-white px-6 py-10 text-center">
      <p className="text-sm font-semibold text-indigo-800">404</p>
      <h1 className="mt-1 text-2xl font-semibold text-slate-900">{t("title")}</h1>
      <p className="mt-2 text-slate-700">{t("text")}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        <Link href="/invoices" className={buttonClass.primary}>
          {t("invoices")}
        </Link>
        <Link href="/payouts" className={buttonClass.secondary}>
          {t("payouts")}
        </Link>
      </div>
    </div>
  );
}
