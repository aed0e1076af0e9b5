import type { Metadata } from "next";
import { AccountPassword } from "@/app/(console)/account/account-password";
import { ThemeSwitch } from "./_components/theme-switch";
import { chosenTheme } from "@/lib/console/theme-choice";

export const metadata: Metadata = { title: "Your account · Studio" };
export const dynamic = "force-dynamic";

export default async function AccountPage() {
  return (
    <section aria-labelledby="account-heading">
      <h1 id="account-heading" className="text-2xl font-semibold text-slate-900">
        Your account
      </h1>
      <h2 className="mt-6 text-lg font-semibold text-slate-900">Theme</h2>
      <p className="mt-1 max-w-prose text-sm text-slate-600">Kept in this browser. System follows your device&rsquo;s light or dark setting.</p>
      <ThemeSwitch initial={await chosenTheme()} />
      <h2 className="mt-8 text-lg font-semibold text-slate-900">Change password</h2>
      <p className="mt-1 max-w-prose text-sm text-slate-600">Every other session of yours (another browser, another device) ends; this one stays signed in.</p>
      <AccountPassword />
    </section>
  );
}
