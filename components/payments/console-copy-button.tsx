"use client";
import { useTranslations } from "next-intl";
import { CopyButton } from "@/components/payments/copy-button";

/**
 * CopyButton with "Copy" / "Copied" in the person's language. A wrapper, not a change to
 * CopyButton itself: the payer's page uses that one with its own dictionary and ships no next-intl.
 */
export function ConsoleCopyButton({ text, label, className }: { text: string; label: string; className?: string }) {
  const t = useTranslations("record");
  return <CopyButton text={text} label={label} idleText={t("copy")} copiedText={t("copied")} className={className} />;
}
