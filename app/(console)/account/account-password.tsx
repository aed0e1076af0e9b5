"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ChangePasswordForm } from "@/components/account/change-password-form";

export function AccountPassword() {
  // A new form after each change, so no password stays in its fields.
  const [changes, setChanges] = useState(0);
  const t = useTranslations("password");
  return (
    <>
      <div role="status" className="mt-3 text-sm text-emerald-800">
        {changes ? t("changed") : ""}
      </div>
      <ChangePasswordForm key={changes} onChanged={() => setChanges((count) => count + 1)} />
    </>
  );
}
