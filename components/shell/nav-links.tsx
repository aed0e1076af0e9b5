"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useViewer } from "@/components/providers";
import { ORG_MANAGE_PERMISSION } from "@/lib/console/team-labels";

// Only pages that exist and that the person may read: a link that leads nowhere, or to a
// refusal, is worse than none.
// `section` is the path prefix under which the link shows as current. Settings (team, API keys,
// the audit log) is only for people who may manage the organization.
const PAGES: ReadonlyArray<{ href: string; label: string; permission?: string; section?: string }> = [
  { href: "/invoices", label: "Invoices" },
  { href: "/payouts", label: "Payouts" },
  { href: "/payment-intents", label: "Payment intents" },
  { href: "/balances", label: "Balances" },
  { href: "/webhooks", label: "Webhooks", permission: "transfer:read" },
  { href: "/chains", label: "Chains", permission: ORG_MANAGE_PERMISSION },
  { href: "/docs/api", label: "API reference" },
  { href: "/settings/team", label: "Settings", permission: ORG_MANAGE_PERMISSION, section: "/settings" },
];

export function NavLinks() {
  const pathname = usePathname();
  const { permissions } = useViewer();
  return (
    <nav aria-label="Main" className="order-last w-full sm:order-none sm:w-auto">
      <ul className="flex flex-wrap items-center gap-1 text-sm">
        {PAGES.filter((page) => !page.permission || permissions.includes(page.permission)).map(({ href, label, section = href }) => {
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
