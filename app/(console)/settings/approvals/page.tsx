import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ApprovalPoliciesPage } from "./_components/approval-policies-page";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("settings.approvals"))("metaTitle") };
}
export const dynamic = "force-dynamic";

export default function SettingsApprovalsPageRoute() {
  return <ApprovalPoliciesPage />;
}
