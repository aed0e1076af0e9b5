"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useViewer } from "@/components/providers";
import { useInbox } from "@/lib/console/queries";
import { INVOICE_ACTIONS } from "@/lib/workflow/actions";
import { ORG_MANAGE_PERMISSION } from "@/lib/console/team-labels";

// Only pages that exist and that the person may read: a link that leads nowhere, or to a
// refusal, is worse than none.
// `section` is the path prefix under which the link shows as current. Settings (team, API keys,
// the audit log) is only for people who may manage the organization. The inbox comes first for
// whoever may approve (the approve action's own permission).
const INBOX_PERMISSION = INVOICE_ACTIONS.approve.permission;
const PAGES: ReadonlyArray<{ href: string; label: string; permission?: string; section?: string }> = [
  { href: "/inbox", label: "Inbox", permission: INBOX_PERMISSION },
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
  // The same cached query as the inbox page: an action's invalidation updates both, no reload.
  const inbox = useInbox({ enabled: permissions.includes(INBOX_PERMISSION) });
  const waiting = inbox.data?.count;
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
                {href === "/inbox" && waiting !== undefined ? (
                  <span data-testid="inbox-count" className="ml-1.5 rounded-full bg-indigo-700 px-1.5 py-0.5 text-xs font-semibold text-white">
                    {waiting}
                    <span className="sr-only"> waiting</span>
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
