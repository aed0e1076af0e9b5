import type { AbstractIntlMessages, Messages } from "next-intl";

export type Namespace = keyof Messages;

// What the shell's client components (header, navigation, palette, keys, toasts) and the shared
// formatters and badges translate, on every page. Each page adds the namespaces of its own client
// components (components/console-intl.tsx); the rest stay on the server, where server components
// read the whole catalogue. All 27 namespaces on every page were ~43 KB of each document's RSC
// payload, parsed on a phone's main thread before the page hydrated (issue 27).
export const SHELL_NAMESPACES: readonly Namespace[] = ["common", "status", "category", "ui", "shell", "keys", "palette"];

export function clientMessages(messages: AbstractIntlMessages, pageNamespaces: readonly Namespace[]): AbstractIntlMessages {
  const namespaces = new Set<string>([...SHELL_NAMESPACES, ...pageNamespaces]);
  return Object.fromEntries([...namespaces].filter((namespace) => namespace in messages).map((namespace) => [namespace, messages[namespace]!]));
}
