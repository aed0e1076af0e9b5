"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";

// Only pages that exist: a link that leads nowhere is worse than none.
const PAGES = [
  { href: "/invoices", label: "Invoices" },
  { href: "/payouts", label: "Payouts" },
  { href: "/payment-intents", label: "Payment intents" },
  { href: "/balances", label: "Balances" },
  { href: "/docs/api", label: "API reference" },
];

export function NavLinks() {
  const pathname = usePathname();
  return (
    <nav aria-label="Main" className="order-last w-full sm:order-none sm:w-auto">
      <ul className="flex flex-wrap items-center gap-1 text-sm">
        {PAGES.map(({ href, label }) => {
          const active = pathname === href || pathname.startsWith(`${href}/`);
          return (
            <li key={href}>
              <Link
                href={href}
                aria-current={active ? "page" : undefined}
                className={`rounded-md px-3 py-1.5 font-medium ${active ? "bg-indigo-50 text-indigo-800" : "text-slate-700 hover:bg-slate-100"}`}
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
