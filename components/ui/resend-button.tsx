"use client";
import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRef } from "react";
import { buttonClass } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { apiFetch, ApiError } from "@/lib/console/api";
import { useActionKeys } from "@/lib/console/use-action-keys";

/**
 * Resend of something an outbox sends (a webhook delivery, an invoice e-mail): POSTs `path` with
 * the action's Idempotency-Key, says `queued` on success and reads `refresh` again, where the new
 * attempt shows once the drainer has made it.
 */
export function ResendButton({ path, refresh, queued, label, className = "" }: { path: string; refresh: QueryKey; queued: string; label?: string; className?: string }) {
  const t = useTranslations("ui");
  const queryClient = useQueryClient();
  const toast = useToast();
  const keys = useActionKeys<"resend">();
  // A second click can land before the button re-renders disabled: dropped here, and the shared
  // key makes the Studio replay rather than send again should one get through.
  const sending = useRef(false);
  const mutation = useMutation({
    mutationFn: (key: string) => apiFetch(path, { method: "POST", idempotencyKey: key }),
    onSuccess: async () => {
      keys.done("resend");
      toast(queued);
      await queryClient.invalidateQueries({ queryKey: refresh });
    },
    onError: (error) => toast(error instanceof ApiError ? t("resend.failed", { message: error.message }) : t("resend.lost"), "error"),
  });
  return (
    <button
      type="button"
      className={`${buttonClass.secondary} ${className}`}
      disabled={mutation.isPending}
      aria-label={label}
      onClick={() => {
        if (sending.current) return;
        sending.current = true;
        mutation.mutate(keys.keyFor("resend"), { onSettled: () => void (sending.current = false) });
      }}
    >
      {mutation.isPending ? t("resend.running") : t("resend.label")}
    </button>
  );
}
