"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { backLinkClass, ErrorNote } from "@/components/payments/detail";
import { useRecord } from "@/lib/console/queries";
import { pagePath, type Resource } from "@/lib/console/resources";

/** An edit page: the record loaded, then handed to its form. */
export function EditRecord<T extends { status: string; status_category: string }>({
  resource,
  id,
  number,
  form,
}: {
  resource: Resource;
  id: string;
  /** The human-readable id for the heading. */
  number: (record: T) => string;
  form: (record: T) => React.ReactNode;
}) {
  const record = useRecord<T>(resource, id);
  const t = useTranslations("record");
  const noun = useTranslations(`resources.${resource.key}`)("one");
  return (
    <div className="space-y-4">
      <Link href={pagePath(resource, id)} className={backLinkClass}>
        ← {t("backTo", { noun })}
      </Link>
      <h1 className="text-2xl font-semibold text-slate-900">
        {t("editTitle", { noun, number: record.data ? number(record.data) : "" })}
      </h1>
      {record.isPending ? <div className="h-64 animate-pulse rounded bg-slate-200" aria-busy="true" /> : null}
      {record.error ? <ErrorNote>{record.error.message}</ErrorNote> : null}
      {record.data ? form(record.data) : null}
    </div>
  );
}
