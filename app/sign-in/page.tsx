import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { SignInForm } from "@/app/sign-in/sign-in-form";
import { ConsoleIntl } from "@/components/console-intl";
import "@/app/globals.css";
import { pageContext, pagePasswordContext } from "@/lib/console/page-session";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("signIn"))("metaTitle") };
}
export const dynamic = "force-dynamic";

export default async function SignInPage() {
  if (await pageContext()) redirect("/invoices");
  if (await pagePasswordContext()) redirect("/change-password");
  const t = await getTranslations("signIn");
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-xl font-semibold text-slate-900">{t("title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("tagline")}</p>
        <ConsoleIntl namespaces={["signIn"]}>
          <SignInForm />
        </ConsoleIntl>
      </div>
    </main>
  );
}
