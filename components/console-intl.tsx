import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import { clientMessages } from "@/lib/console/i18n/client-messages";

/**
 * The console's messages, language and time zone for the client components below it. Only the
 * console's pages take it (not the root layout): the payer's page has its own small dictionary and
 * ships no i18n library.
 */
export async function ConsoleIntl({ children }: { children: React.ReactNode }) {
  return <NextIntlClientProvider messages={clientMessages(await getMessages())}>{children}</NextIntlClientProvider>;
}
