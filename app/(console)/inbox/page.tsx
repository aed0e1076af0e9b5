import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { InboxPage } from "./_components/inbox-page";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("meta"))("inbox") };
}
export const dynamic = "force-dynamic";

export default function InboxPageRoute() {
  return <InboxPage />;
}
