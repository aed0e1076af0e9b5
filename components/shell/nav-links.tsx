"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useViewer } from "@/components/providers";
import { ORG_MANAGE_PERMISSION } from "@/lib/console/team-labels";

// Only pages that exist: a link that leads nowhere is worse than none.
const PAGES = [
  { href: "/invoices", label: "Invoices" },
  { href: "/payouts", label: "Payouts" },
  { href: "/payment-intents", label: "Payment intents" },
  { href: "/balances", label: "Balances" },
];

// Team, API keys and the audit log: only for people who may manage the organization.
const SETTINGS = { href: "/settings/team", label: "Settings", section: "/settings" };

export function NavLinks() {
  const pathname = usePathname();
  const viewer = useViewer();
  const pages = viewer.permissions.includes(ORG_MANAGE_PERMISSION) ? [...PAGES, SETTINGS] : PAGES;
  return (
    <nav aria-label="Main" className="order-last w-full sm:order-none sm:w-auto">
      <ul className="flex flex-wrap items-center gap-1 text-sm">
        {pages.map(({ href, label, ...page }) => {
          const section = "section" in page ? page.section : href;
          const active = pathname === section || pathname.startsWith(`${section}/`);
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
