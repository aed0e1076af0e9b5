import type { Metadata } from "next";
import { ApprovalPoliciesPage } from "./_components/approval-policies-page";

export const metadata: Metadata = { title: "Approval policies · Studio" };
export const dynamic = "force-dynamic";

export default function SettingsApprovalsPageRoute() {
  return <ApprovalPoliciesPage />;
}
