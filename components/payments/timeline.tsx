import { useTranslations } from "next-intl";
import { Section } from "@/components/payments/detail";
import { useFormat, useStatusLabel } from "@/lib/console/i18n/use-format";
import type { StatusLog } from "@/lib/console/types";

/** The status log, oldest first: each transition, who made it (or the system) and why. */
export function Timeline({ logs, error }: { logs: StatusLog[] | undefined; error: Error | null }) {
  const t = useTranslations("detail");
  const statusLabel = useStatusLabel();
  const format = useFormat();
  return (
    <Section id="timeline" title={t("timeline")}>
      {error ? <p role="alert" className="mt-2 text-sm text-red-800">{error.message}</p> : null}
      <ol className="mt-3 space-y-3" aria-label={t("statusLog")}>
        {logs?.map((log) => (
          <li key={log.id} className="border-l-2 border-indigo-200 pl-3 text-sm">
            <p className="font-medium text-slate-900">
              {log.from_status ? `${statusLabel(log.from_status)} → ` : ""}
              {statusLabel(log.to_status)}
            </p>
            <p className="text-slate-700">
              {log.operator_uid === "system" ? t("system") : (log.operator_name ?? log.operator_uid)} · {format.dateTime(log.created_at)}
            </p>
            {/* wrap-anywhere, not break-words: a reason quoting a tx hash must not widen the page's grid. */}
            {log.reason ? <p className="wrap-anywhere text-slate-700">{t("reason", { reason: log.reason })}</p> : null}
          </li>
        ))}
      </ol>
    </Section>
  );
}
