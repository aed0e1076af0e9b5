import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuditPage } from "./_components/audit-page";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("settings.audit"))("metaTitle") };
}
export const dynamic = "force-dynamic";

export default function SettingsAuditPageRoute() {
  return <AuditPage />;
}
