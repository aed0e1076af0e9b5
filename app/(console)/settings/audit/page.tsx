import type { Metadata } from "next";
import { AuditPage } from "./_components/audit-page";

export const metadata: Metadata = { title: "Audit log · Studio" };
export const dynamic = "force-dynamic";

export default function SettingsAuditPageRoute() {
  return <AuditPage />;
}
