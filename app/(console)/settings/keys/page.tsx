import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { KeysPage } from "./_components/keys-page";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("settings.keys"))("metaTitle") };
}
export const dynamic = "force-dynamic";

export default function SettingsKeysPageRoute() {
  return <KeysPage />;
}
