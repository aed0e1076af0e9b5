import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ReferenceOverview } from "./_components/openapi-reference";
import { DocumentUnavailable, openApiDocument } from "./_components/document";
import { referenceTags } from "@/lib/console/openapi-reference";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("meta"))("apiReference") };
}
export const dynamic = "force-dynamic";

export default async function ApiReferenceRoute() {
  const document = await openApiDocument();
  if ("status" in document) return <DocumentUnavailable status={document.status} />;
  return <ReferenceOverview document={document} tags={referenceTags(document)} />;
}
