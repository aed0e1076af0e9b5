"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { usePathname } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useViewer } from "@/components/providers";
import { useInboxCount } from "@/lib/console/queries";
import type { Permission } from "@/lib/studio/auth/permissions";
import { ORG_MANAGE_PERMISSION } from "@/lib/console/team-labels";

// Only pages that exist and that the person may read: a link that leads nowhere, or to a
// refusal, is worse than none.
// `section` is the path prefix under which the link shows as current. Settings (team, API keys,
// the audit log) is only for people who may manage the organization. The inbox comes first for
// whoever may approve (the approve action's own permission).
// The approve action's permission (GET /inbox's), named here rather than read from
// lib/workflow/actions: the shell is on every page, and that table brings zod (32 KB gzipped) into
// every page's script, whose eval probe the console's CSP refuses.
const INBOX_PERMISSION: Permission = "transfer:approve";
type NavLabel = "inbox" | "dashboard" | "invoices" | "payouts" | "paymentIntents" | "balances" | "webhooks" | "chains" | "apiReference" | "settings";
const PAGES: ReadonlyArray<{ href: string; label: NavLabel; permission?: string; section?: string }> = [
  { href: "/inbox", label: "inbox", permission: INBOX_PERMISSION },
  { href: "/", label: "dashboard" },
  { href: "/invoices", label: "invoices" },
  { href: "/payouts", label: "payouts" },
  { href: "/payment-intents", label: "paymentIntents" },
  { href: "/balances", label: "balances" },
  { href: "/webhooks", label: "webhooks", permission: "transfer:read" },
  { href: "/chains", label: "chains", permission: ORG_MANAGE_PERMISSION },
  { href: "/docs/api", label: "apiReference" },
  { href: "/settings/team", label: "settings", permission: ORG_MANAGE_PERMISSION, section: "/settings" },
];

const LIST_ID = "main-nav-links";

/**
 * The main navigation: a row of links from 640 px up; below that a Menu button that opens them as
 * a panel under the header (Escape closes it and returns focus to the button; following a link
 * closes it), instead of links wrapping over three lines.
 */
export function NavLinks() {
  const pathname = usePathname();
  const { permissions } = useViewer();
  const [open, setOpen] = useState(false);
  const t = useTranslations("shell");
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  // A followed link has done its job: the panel closes on the new page.
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (open) list.current?.querySelector("a")?.focus();
  }, [open]);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const { data: waiting } = useInboxCount({ enabled: permissions.includes(INBOX_PERMISSION) });
  return (
    <nav
      aria-label={t("mainNav")}
      className="sm:w-auto"
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          event.preventDefault();
          close();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={LIST_ID}
        onClick={() => setOpen(!open)}
        className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 sm:hidden"
      >
        {t("menu")}
      </button>
      <ul
        id={LIST_ID}
        ref={list}
        className={`${open ? "flex" : "hidden"} absolute inset-x-0 top-full z-40 flex-col gap-1 border-b border-slate-200 bg-white p-2 text-sm shadow-md sm:static sm:flex sm:flex-row sm:flex-wrap sm:items-center sm:border-0 sm:p-0 sm:shadow-none`}
      >
        {PAGES.filter((page) => !page.permission || permissions.includes(page.permission)).map(({ href, label, section = href }) => {
          const active = pathname === section || (section !== "/" && pathname.startsWith(`${section}/`));
          return (
            <li key={href}>
              <Link
                href={href}
                aria-current={active ? "page" : undefined}
                onClick={() => setOpen(false)}
                className={`block rounded-md px-3 py-2 font-medium sm:py-1.5 ${active ? "bg-indigo-50 text-indigo-800" : "text-slate-700 hover:bg-slate-100"}`}
              >
                {t(`nav.${label}`)}
                {href === "/inbox" && waiting !== undefined ? (
                  <span data-testid="inbox-count" className="ml-1.5 rounded-full bg-indigo-700 px-1.5 py-0.5 text-xs font-semibold text-white">
                    {waiting}
                    <span className="sr-only">{t("waiting")}</span>
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
