"use client";
import { ChangePasswordForm } from "@/components/account/change-password-form";
import { safeNextPath } from "@/lib/console/safe-next";

export function FirstPasswordForm() {
  return (
    <ChangePasswordForm
      currentLabel="Password you were given"
      onChanged={() => window.location.assign(safeNextPath(new URLSearchParams(window.location.search).get("next")))}
    />
  );
}
