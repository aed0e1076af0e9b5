import { getTranslations } from "next-intl/server";
import type { OpenApiDocument } from "@/lib/console/openapi-reference";
import { fetchOpenApiDocument } from "@/lib/console/studio-client";

/** The OpenAPI document, parsed, or the HTTP status the Studio refused it with. */
export async function openApiDocument(): Promise<OpenApiDocument | { status: number }> {
  const document = await fetchOpenApiDocument();
  return document.ok ? (JSON.parse(document.text) as OpenApiDocument) : { status: document.status };
}

export async function DocumentUnavailable({ status }: { status: number }) {
  const t = await getTranslations("apiReference");
  return (
    <div>
      <h1 className="text-2xl font-semibold text-slate-900">{t("title")}</h1>
      <p className="mt-2 text-slate-700">{t("loadFailed", { status })}</p>
    </div>
  );
}
