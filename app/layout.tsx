import type { Metadata } from "next";
import { connection } from "next/server";
import { getLocale } from "next-intl/server";
import { chosenTheme } from "@/lib/console/theme-choice";

export const metadata: Metadata = {
  title: "Studio",
  description: "Crypto invoices, payouts and payment intents",
  icons: { icon: "/favicon.svg" },
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Rendered per request, never prerendered: Next.js puts each response's CSP nonce (proxy.ts) on
  // its scripts only when it renders them, and a prerendered page's scripts would be refused.
  await connection();
  return (
    <html lang={await getLocale()} data-theme={await chosenTheme()}>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">{children}</body>
    </html>
  );
}
