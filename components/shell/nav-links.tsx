"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";

const LATER = ["Payouts", "Payment intents", "Withdrawals"];

export function NavLinks() {
  const pathname = usePathname();
  const active = pathname.startsWith("/invoices");
  return (
    <nav aria-label="Main" className="order-last w-full sm:order-none sm:w-auto">
      <ul className="flex flex-wrap items-center gap-1 text-sm">
        <li>
          <Link
            href="/invoices"
            aria-current={active ? "page" : undefined}
            className={`rounded-md px-3 py-1.5 font-medium ${active ? "bg-indigo-50 text-indigo-800" : "text-slate-700 hover:bg-slate-100"}`}
          >
            Invoices
          </Link>
        </li>
        {LATER.map((label) => (
          <li key={label}>
            <span className="cursor-default rounded-md px-3 py-1.5 text-slate-600" title="Coming later">
              {label} <span className="sr-only">(coming later)</span>
            </span>
          </li>
        ))}
      </ul>
    </nav>
  );
}
