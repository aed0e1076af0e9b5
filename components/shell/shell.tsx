import Link from "next/link";
import { useTranslations } from "next-intl";
import type { ViewerInfo } from "@/components/providers";
import { CommandBar } from "@/components/shell/command-bar";
import { NavLinks } from "@/components/shell/nav-links";
import { SignOutButton } from "@/components/shell/sign-out-button";

export function Shell({ viewer, mainLandmark, children }: { viewer: ViewerInfo; mainLandmark: "shell" | "page"; children: React.ReactNode }) {
  // The skip link's target stays #main either way; only the landmark moves to the page.
  const Content = mainLandmark === "shell" ? "main" : "div";
  const t = useTranslations("shell");
  return (
    <div className="min-h-screen">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        {t("skip")}
      </a>
      <header className="relative border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <Link href="/" className="text-lg font-bold tracking-tight text-indigo-800">
            Studio
          </Link>
          <NavLinks />
          <div className="ml-auto flex items-center gap-3 text-sm">
            <CommandBar />
            <div className="text-right leading-tight">
              <p className="font-medium text-slate-900" data-testid="viewer-name">
                <Link href="/account" className="hover:underline" title={t("accountLink")}>
                  {viewer.name}
                </Link>
              </p>
              <p className="text-slate-600">
                {viewer.org_name} · <span data-testid="viewer-role">{viewer.role}</span>
              </p>
            </div>
            <SignOutButton />
          </div>
        </div>
      </header>
      <Content id="main" className="mx-auto max-w-7xl px-4 py-6">
        {children}
      </Content>
    </div>
  );
}
