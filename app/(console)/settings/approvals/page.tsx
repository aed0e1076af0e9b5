import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ApprovalPoliciesPage } from "./_components/approval-policies-page";
import { Prefetched } from "@/lib/console/prefetch";
import { approvalPoliciesQuery } from "@/lib/console/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("settings.approvals"))("metaTitle") };
}
export const dynamic = "force-dynamic";

// The policies come with the first HTML: read in the browser after it, the three forms were built
// once the page had loaded, a second long task on a phone.
export default function SettingsApprovalsPageRoute() {
  return (
    <Prefetched queries={[approvalPoliciesQuery()]}>
      <ApprovalPoliciesPage />
    </Prefetched>
  );
}
