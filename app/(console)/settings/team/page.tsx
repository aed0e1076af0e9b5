import type { Metadata } from "next";
import { TeamPage } from "./_components/team-page";

export const metadata: Metadata = { title: "Team · Studio" };
export const dynamic = "force-dynamic";

export default function SettingsTeamPageRoute() {
  return <TeamPage />;
}
