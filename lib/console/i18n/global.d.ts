// Message keys checked at compile time: a t("…") the English catalogue lacks fails `tsc`.
import type en from "./messages/en.json";
import type { Locale } from "./locales";

declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof en;
  }
}
