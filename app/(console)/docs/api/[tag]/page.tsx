import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ReferenceTagPage } from "../_components/openapi-reference";
import { DocumentUnavailable, openApiDocument } from "../_components/document";
import { referenceTagPage } from "@/lib/console/openapi-reference";

type Props = { params: Promise<{ tag: string }> };

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("meta"))("apiReference") };
}
export const dynamic = "force-dynamic";

export default async function ApiReferenceTagRoute({ params }: Props) {
  const [{ tag }, document] = await Promise.all([params, openApiDocument()]);
  if ("status" in document) return <DocumentUnavailable status={document.status} />;
  const page = referenceTagPage(document, tag);
  if (!page) notFound();
  return <ReferenceTagPage tag={page.tag} schemas={page.schemas} />;
}
