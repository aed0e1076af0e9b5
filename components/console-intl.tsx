import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import { clientMessages, type Namespace } from "@/lib/console/i18n/client-messages";

/**
 * The console's messages, language and time zone for the client components below it: the shell's
 * namespaces and `namespaces`, those the page's own client components translate. The console's
 * frame takes it with the shell's alone; each page wraps its content in one naming its own (a
 * nested provider replaces its parent's messages, so it carries the shell's again: ~3 KB). A
 * namespace left out shows its keys and logs MISSING_MESSAGE, which fails the browser specs
 * (e2e/browser/fixtures.ts). Only the console's pages take it (not the root layout): the payer's
 * page has its own small dictionary and ships no i18n library.
 */
export async function ConsoleIntl({ namespaces = [], children }: { namespaces?: readonly Namespace[]; children: React.ReactNode }) {
  return <NextIntlClientProvider messages={clientMessages(await getMessages(), namespaces)}>{children}</NextIntlClientProvider>;
}
