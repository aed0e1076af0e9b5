"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { usePathname } from "next/navigation";
import { ErrorNote } from "@/components/payments/detail";
import { useViewer } from "@/components/providers";
import { ApiError } from "@/lib/console/api";
import { ORG_MANAGE_PERMISSION } from "@/lib/console/team-labels";

const SETTINGS_PAGES = [
  { href: "/settings/team", label: "team" },
  { href: "/settings/keys", label: "keys" },
  { href: "/settings/approvals", label: "approvals" },
  { href: "/settings/audit", label: "audit" },
] as const;

/** The settings pages' own tabs, for people who may manage the organization. */
export function SettingsFrame({ children }: { children: React.ReactNode }) {
  const t = useTranslations("settings");
  const pathname = usePathname();
  const viewer = useViewer();
  return (
    <div className="space-y-5">
      {viewer.permissions.includes(ORG_MANAGE_PERMISSION) ? (
        <nav aria-label={t("nav.label")} className="border-b border-slate-200">
          <ul className="flex gap-1 overflow-x-auto text-sm">
            {SETTINGS_PAGES.map(({ href, label }) => {
              const active = pathname === href;
              return (
                <li key={href}>
                  <Link
                    href={href}
                    aria-current={active ? "page" : undefined}
                    className={`-mb-px inline-block whitespace-nowrap border-b-2 px-3 py-2 font-medium ${
                      active ? "border-indigo-700 text-indigo-800" : "border-transparent text-slate-700 hover:text-slate-900"
                    }`}
                  >
                    {t(`nav.${label}`)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      ) : null}
      {children}
    </div>
  );
}

/**
 * A settings page that could not load: the API's 403 for someone without org:manage is a plain
 * "not for you" state, anything else the error it was.
 */
export function SettingsLoadError({ title, what, error }: { title: string; what: string; error: Error }) {
  const t = useTranslations("settings");
  if (error instanceof ApiError && error.status === 403) {
    return (
      <div className="mx-auto max-w-xl rounded-lg border border-slate-200 bg-white px-6 py-10 text-center" data-testid="forbidden">
        <p className="text-sm font-semibold text-indigo-800">403</p>
        <h1 className="mt-1 text-2xl font-semibold text-slate-900">{t("forbidden.title", { title })}</h1>
        <p className="mt-2 text-slate-700">{error.message}</p>
        <p className="mt-1 text-slate-700">{t("forbidden.ask")}</p>
        <Link href="/invoices" className="mt-6 inline-block text-indigo-800 underline">
          {t("forbidden.invoices")}
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      <ErrorNote>
        {t("loadFailed", { what, message: error.message })}
      </ErrorNote>
    </div>
  );
}
