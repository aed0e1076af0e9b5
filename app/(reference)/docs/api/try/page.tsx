import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ApiReference } from "./_components/api-reference";
import { fetchOpenApiDocument } from "@/lib/console/studio-client";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("meta"))("apiExplorer") };
}
export const dynamic = "force-dynamic";

// Scalar's interactive reference (requests can be tried from it): a click away from /docs/api,
// whose reading of the same document costs a phone no script.
export default async function ApiExplorerRoute() {
  const [document, t] = await Promise.all([fetchOpenApiDocument(), getTranslations("apiReference")]);
  if (!document.ok) {
    return (
      <main className="p-6">
        <h1 className="text-xl font-semibold">{t("title")}</h1>
        <p className="mt-2 text-slate-700">{t("loadFailed", { status: document.status })}</p>
      </main>
    );
  }
  return <ApiReference document={document.text} loading={t("loadingExplorer")} />;
}
