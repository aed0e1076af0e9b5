import { redirect } from "next/navigation";
import { Providers, type ViewerInfo } from "@/components/providers";
import { Shell } from "@/components/shell/shell";
import { roleOf } from "@/lib/console/context";
import { pageContext } from "@/lib/console/page-session";
import { StudioApiError } from "@/lib/console/studio-client";
import { env } from "@/lib/env";

export const dynamic = "force-dynamic";

export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  const ctx = await pageContext();
  if (!ctx) redirect("/sign-in");
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
    const message = error instanceof StudioApiError ? error.message : "The Studio API could not be reached";
    return (
      <main className="mx-auto max-w-lg p-8">
        <h1 className="text-xl font-semibold">The console cannot reach the Studio</h1>
        <p className="mt-2 text-slate-700">{message}</p>
      </main>
    );
  }
  return (
    <Providers viewer={viewer}>
      <Shell viewer={viewer}>{children}</Shell>
    </Providers>
  );
}
