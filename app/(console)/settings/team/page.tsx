import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { TeamPage } from "./_components/team-page";
import { Prefetched, urlParams } from "@/lib/console/prefetch";
import { teamUsersQuery } from "@/lib/console/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("settings.team"))("metaTitle") };
}
export const dynamic = "force-dynamic";

// The people come with the first HTML, as every list's rows do.
export default async function SettingsTeamPageRoute({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return (
    <Prefetched queries={[teamUsersQuery(await urlParams(searchParams))]}>
      <TeamPage />
    </Prefetched>
  );
}
