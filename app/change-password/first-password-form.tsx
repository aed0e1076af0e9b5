"use client";
import { useTranslations } from "next-intl";
import { ChangePasswordForm } from "@/components/account/change-password-form";
import { safeNextPath } from "@/lib/console/safe-next";

export function FirstPasswordForm() {
  const t = useTranslations("password");
  return (
    <ChangePasswordForm
      currentLabel={t("given")}
      onChanged={() => window.location.assign(safeNextPath(new URLSearchParams(window.location.search).get("next")))}
    />
  );
}
