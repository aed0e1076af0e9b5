import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { FirstPasswordForm } from "@/app/change-password/first-password-form";
import { ConsoleIntl } from "@/components/console-intl";
import "@/app/globals.css";
import { pageContext, pagePasswordContext } from "@/lib/console/page-session";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("password"))("metaTitle") };
}
export const dynamic = "force-dynamic";

/** Where a session started with an invite's first password lands, and the only page it may see. */
export default async function ChangePasswordPage() {
  if (await pageContext()) redirect("/account");
  if (!(await pagePasswordContext())) redirect("/sign-in");
  const t = await getTranslations("password");
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-xl font-semibold text-slate-900">{t("chooseTitle")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("chooseHelp")}</p>
        <ConsoleIntl namespaces={["password"]}>
          <FirstPasswordForm />
        </ConsoleIntl>
      </div>
    </main>
  );
}
