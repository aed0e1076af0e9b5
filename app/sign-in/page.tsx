import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/app/sign-in/sign-in-form";
import "@/app/globals.css";
import { pageContext, pagePasswordContext } from "@/lib/console/page-session";

export const metadata: Metadata = { title: "Sign in · Studio" };
export const dynamic = "force-dynamic";

export default async function SignInPage() {
  if (await pageContext()) redirect("/invoices");
  if (await pagePasswordContext()) redirect("/change-password");
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-xl font-semibold text-slate-900">Sign in to Studio</h1>
        <p className="mt-1 text-sm text-slate-600">Invoices, payouts and payment intents in USDC and USDT.</p>
        <SignInForm />
      </div>
    </main>
  );
}
