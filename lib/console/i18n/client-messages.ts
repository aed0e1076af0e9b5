import type { AbstractIntlMessages } from "next-intl";

// The namespaces client components translate with useTranslations. Only these travel to the
// browser (in each page's payload); a namespace only server components read stays on the server.
const CLIENT_NAMESPACES = ["common", "status", "category", "shell", "keys", "palette", "signIn", "password", "detail", "panel", "actions", "list", "resources", "columns", "account", "ui", "forms", "webhooks", "settings", "dashboard", "inbox", "balances", "paymentIntent", "payout", "chains", "record", "invoiceEmails"] as const;

export function clientMessages(messages: AbstractIntlMessages): AbstractIntlMessages {
  return Object.fromEntries(CLIENT_NAMESPACES.filter((namespace) => namespace in messages).map((namespace) => [namespace, messages[namespace]!]));
}
