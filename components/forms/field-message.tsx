"use client";
import { useLocale, useTranslations } from "next-intl";
import { translateFieldMessage } from "@/lib/console/i18n/field-messages";
import { useFormat } from "@/lib/console/i18n/use-format";

/** A field's error message in the person's language (English: exactly as the schema or the API said it). */
export function useFieldMessage(): (message: string) => string {
  const locale = useLocale();
  const t = useTranslations("forms.validation");
  const { amount } = useFormat();
  return (message) => (locale === "en" ? message : (translateFieldMessage(message, t, amount) ?? message));
}

export function FieldMessage({ message }: { message: string }) {
  return <>{useFieldMessage()(message)}</>;
}
