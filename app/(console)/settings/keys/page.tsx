import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { KeysPage } from "./_components/keys-page";
import { Prefetched, urlParams } from "@/lib/console/prefetch";
import { teamKeysQuery } from "@/lib/console/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("settings.keys"))("metaTitle") };
}
export const dynamic = "force-dynamic";

// The keys come with the first HTML, as every list's rows do.
export default async function SettingsKeysPageRoute({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return (
    <Prefetched queries={[teamKeysQuery(await urlParams(searchParams))]}>
      <KeysPage />
    </Prefetched>
  );
}
