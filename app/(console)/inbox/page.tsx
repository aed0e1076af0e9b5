import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { InboxPage } from "./_components/inbox-page";
import { Prefetched } from "@/lib/console/prefetch";
import { inboxQuery } from "@/lib/console/queries";
import { ConsoleIntl } from "@/components/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("meta"))("inbox") };
}
export const dynamic = "force-dynamic";

// The rows come with the first HTML, as every list's do: read in the browser after it, they
// pushed the page down once they landed (CLS 0.18 on desktop).
export default function InboxPageRoute() {
  return (
    <ConsoleIntl namespaces={["inbox"]}>
      <Prefetched queries={[inboxQuery()]}>
        <InboxPage />
      </Prefetched>
    </ConsoleIntl>
  );
}
