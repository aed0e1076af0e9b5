import type { Metadata } from "next";
import Link from "next/link";
import { buttonClass } from "@/components/ui/button";

export const metadata: Metadata = { title: "Page not found · Studio" };

export default function ConsoleNotFound() {
  return (
    <div className="mx-auto max-w-xl rounded-lg border border-slate-200 bg-white px-6 py-10 text-center">
      <p className="text-sm font-semibold text-indigo-800">404</p>
      <h1 className="mt-1 text-2xl font-semibold text-slate-900">Page not found</h1>
      <p className="mt-2 text-slate-700">There is no console page at this address. It may have moved, or the link is mistyped.</p>
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        <Link href="/invoices" className={buttonClass.primary}>
          Go to invoices
        </Link>
        <Link href="/payouts" className={buttonClass.secondary}>
          Go to payouts
        </Link>
      </div>
    </div>
  );
}
