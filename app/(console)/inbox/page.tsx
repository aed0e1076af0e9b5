import type { Metadata } from "next";
import { InboxPage } from "./_components/inbox-page";

export const metadata: Metadata = { title: "Inbox · Studio" };
export const dynamic = "force-dynamic";

export default function InboxPageRoute() {
  return <InboxPage />;
}
