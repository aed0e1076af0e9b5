import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ConsoleIntl } from "@/components/console-intl";
import { Providers, type ViewerInfo } from "@/components/providers";
import { Shell } from "@/components/shell/shell";
import { roleOf } from "@/lib/console/context";
import { pageContext, signedOutPath } from "@/lib/console/page-session";
import { StudioApiError } from "@/lib/console/studio-client";
import { env } from "@/lib/env";

/**
 * A signed-in console page: the session check, the viewer, the query providers and the shell.
 * `mainLandmark="page"` is for a page that renders its own <main> (the API reference's renderer
 * does): a page may have only one.
 */
export async function ConsoleFrame({ children, mainLandmark = "shell" }: { children: React.ReactNode; mainLandmark?: "shell" | "page" }) {
  const ctx = await pageContext();
  if (!ctx) redirect(await signedOutPath());
  let viewer: ViewerInfo;
  try {
    const me = await ctx.me();
    viewer = {
      uid: me.uid,
      name: me.name,
      email: me.email,
      org_name: me.org_name,
      role: roleOf(me.permissions),
      permissions: me.permissions,
      sandbox: env.SANDBOX_CHAIN,
    };
  } catch (error) {
    // The person's key was refused (disabled, or revoked): their sessions just ended.
    if (error instanceof StudioApiError && error.status === 401) redirect("/sign-in");
    const t = await getTranslations("ui.unreachable");
    const message = error instanceof StudioApiError ? error.message : t("noAnswer");
    return (
      <main className="mx-auto max-w-lg p-8">
        <h1 className="text-xl font-semibold">{t("title")}</h1>
        <p className="mt-2 text-slate-700">{message}</p>
      </main>
    );
  }
  return (
    <ConsoleIntl>
      <Providers viewer={viewer}>
        <Shell viewer={viewer} mainLandmark={mainLandmark}>
          {children}
        </Shell>
      </Providers>
    </ConsoleIntl>
  );
}
