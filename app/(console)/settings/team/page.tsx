import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { TeamPage } from "./_components/team-page";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("settings.team"))("metaTitle") };
}
export const dynamic = "force-dynamic";

export default function SettingsTeamPageRoute() {
  return <TeamPage />;
}
