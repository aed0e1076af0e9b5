import type { Metadata } from "next";
import { TeamPage } from "@/components/settings/team-page";

export const metadata: Metadata = { title: "Team · Studio" };
export const dynamic = "force-dynamic";

export default function SettingsTeamPageRoute() {
  return <TeamPage />;
}
