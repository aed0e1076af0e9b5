import type { Metadata } from "next";
import { KeysPage } from "./_components/keys-page";

export const metadata: Metadata = { title: "API keys · Studio" };
export const dynamic = "force-dynamic";

export default function SettingsKeysPageRoute() {
  return <KeysPage />;
}
