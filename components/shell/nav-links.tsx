"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useViewer } from "@/components/providers";

// Only pages that exist and that the person may read: a link that leads nowhere, or to a
// refusal, is worse than none.
const PAGES = [
  { href: "/invoices", label: "Invoices" },
  { href: "/payouts", label: "Payouts" },
  { href: "/payment-intents", label: "Payment intents" },
  { href: "/balances", label: "Balances" },
  { href: "/webhooks", label: "Webhooks", permission: "transfer:read" },
];

export function NavLinks() {
  const pathname = usePathname();
  const { permissions } = useViewer();
  return (
    <nav aria-label="Main" className="order-last w-full sm:order-none sm:w-auto">
      <ul className="flex flex-wrap items-center gap-1 text-sm">
        {PAGES.filter((page) => !page.permission || permissions.includes(page.permission)).map(({ href, label }) => {
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
