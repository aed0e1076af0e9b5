"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";

export function SignOutButton() {
  const [pending, setPending] = useState(false);
  const t = useTranslations("shell");
  return (
    <button
      type="button"
      className={buttonClass.secondary}
      disabled={pending}
      onClick={async () => {
        setPending(true);
        await fetch("/api/auth/sign-out", { method: "POST", credentials: "same-origin" }).catch(() => undefined);
        window.location.assign("/sign-in");
      }}
    >
      {t("signOut")}
    </button>
  );
}
