"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ExportLink, SortableHeader } from "@/components/payments/list-controls";
import { SettingsLoadError } from "@/components/settings/settings-frame";
import { buttonClass, inputClass, labelClass } from "@/components/ui/button";
import { cellClass, headClass, Pager, useUrlList } from "@/components/ui/url-list";
import { apiFetch } from "@/lib/console/api";
import { useFormat } from "@/lib/console/i18n/use-format";
import { AUDIT_FILTER_KEYS } from "@/lib/console/list-query";
import { AUDIT_LIST } from "@/lib/console/queries";
import { AUDIT_OBJECT_TYPES, auditObjectHref } from "@/lib/console/team-labels";
import type { AuditRow, ListedAuditRow, PlainList, TeamUser } from "@/lib/console/types";

/** The audit log's words for its actions and object types; one the catalogue lacks (a row written by a newer server) reads as itself. */
function useAuditLabels() {
  const t = useTranslations("settings.audit");
  return {
    action: (action: string) => (t.has(`actions.${action}` as never) ? t(`actions.${action}` as never) : action),
    objectType: (type: string) => (t.has(`objects.${type}` as never) ? t(`objects.${type}` as never) : (AUDIT_OBJECT_TYPES[type] ?? type)),
  };
}

/** The organization's audit log, newest first, filtered and paged in the URL. */
export function AuditPage({ actions }: { actions: readonly string[] }) {
  const t = useTranslations("settings.audit");
  const tList = useTranslations("list");
  const labels = useAuditLabels();
  const { dateTime } = useFormat();
  const list = useUrlList<PlainList<ListedAuditRow>>(AUDIT_LIST);
  const people = useQuery({
    queryKey: ["team", "users", "everyone"],
    queryFn: () => apiFetch<PlainList<TeamUser>>("/api/team/users?page_size=100").then((body) => body.data),
  });
  const [filtersOpen, setFiltersOpen] = useState(false);
  const { params, go } = list;
  if (list.error) return <SettingsLoadError title={t("title")} what={t("what")} error={list.error} />;
  const select = (key: string, label: string, anyLabel: string, options: Array<[string, string]>) => (
    <div>
      <label htmlFor={`audit-${key}`} className={labelClass}>
        {label}
      </label>
      <select id={`audit-${key}`} name={key} defaultValue={params.get(key) ?? ""} className={inputClass}>
        <option value="">{anyLabel}</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
  const text = (key: string, label: string, type = "text") => (
    <div>
      <label htmlFor={`audit-${key}`} className={labelClass}>
        {label}
      </label>
      <input id={`audit-${key}`} name={key} type={type} defaultValue={params.get(key) ?? ""} className={inputClass} />
    </div>
  );
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{t("title")}</h1>
          <p className="mt-1 text-sm text-slate-700">{t("intro")}</p>
        </div>
        <ExportLink list="audit-log" keys={AUDIT_FILTER_KEYS} />
      </div>
      <button
        type="button"
        className={`${buttonClass.secondary} sm:hidden`}
        aria-expanded={filtersOpen}
        aria-controls="audit-filters"
        onClick={() => setFiltersOpen(!filtersOpen)}
      >
        {filtersOpen ? tList("hideFilters") : tList("showFilters")}
      </button>
      <form
        id="audit-filters"
        key={params.toString()}
        aria-label={tList("filters")}
        className={`${filtersOpen ? "grid" : "hidden"} grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid sm:grid-cols-2 lg:grid-cols-3`}
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const value = (key: string) => String(form.get(key) ?? "").trim() || undefined;
          go(Object.fromEntries(AUDIT_FILTER_KEYS.filter((key) => key !== "page" && key !== "page_size").map((key) => [key, value(key)])));
        }}
      >
        {select("actor_uid", t("who"), t("anyone"), (people.data ?? []).map((user) => [user.uid, user.name]))}
        {select("action", t("action"), t("anyAction"), actions.map((action) => [action, labels.action(action)]))}
        {select("object_type", t("objectType"), t("anyObject"), Object.keys(AUDIT_OBJECT_TYPES).map((type) => [type, labels.objectType(type)]))}
        {text("object_id", t("objectId"))}
        {text("created_from", t("from"), "date")}
        {text("created_to", t("to"), "date")}
        <div className="flex items-end gap-2">
          <button type="submit" className={buttonClass.primary}>
            {tList("apply")}
          </button>
          <button type="button" className={buttonClass.secondary} onClick={list.clear}>
            {tList("clear")}
          </button>
        </div>
      </form>
      <div
        className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
        {...list.state}
      >
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">{t("title")}</caption>
          <thead className={headClass}>
            <tr>
              <SortableHeader label={t("when")} sortKey="created_at" className={cellClass} />
              <th scope="col" className={cellClass}>{t("whoWhat")}</th>
              <th scope="col" className={cellClass}>{t("object")}</th>
              <th scope="col" className={`${cellClass} hidden lg:table-cell`}>{t("details")}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {list.data?.data.map((row) => (
              <tr key={row.id} data-testid="audit-row" data-action={row.action}>
                <td className={`${cellClass} text-slate-700 sm:whitespace-nowrap`}>{dateTime(row.created_at)}</td>
                <td className={cellClass}>
                  <div className="text-slate-900">{row.actor_uid ? (row.actor_name ?? row.actor_uid) : t("operator")}</div>
                  <div className="text-slate-700">{labels.action(row.action)}</div>
                </td>
                <td className={cellClass}>
                  <AuditObject row={row} />
                </td>
                <td className={`${cellClass} hidden max-w-md lg:table-cell`}>
                  <Details details={row.details} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.data && list.data.data.length === 0 ? <p className="px-4 py-6 text-center text-slate-700">{t("empty")}</p> : null}
      </div>
      <Pager label={t("pages")} testId="audit-summary" noun={[t("one"), t("other")]} loaded={list.data !== undefined} {...list} />
    </div>
  );
}

function AuditObject({ row }: { row: AuditRow }) {
  const href = auditObjectHref(row.object_type, row.object_id);
  const type = useAuditLabels().objectType(row.object_type);
  return (
    <>
      <div className="text-xs text-slate-600">{type}</div>
      {href ? (
        <Link href={href} className="break-all font-mono text-xs text-indigo-800 underline">
          {row.object_id}
        </Link>
      ) : (
        <span className="break-all font-mono text-xs">{row.object_id}</span>
      )}
    </>
  );
}

/** The row's details as short `key: value` lines (nested values as compact JSON). */
function Details({ details }: { details: Record<string, unknown> }) {
  const entries = Object.entries(details ?? {});
  if (!entries.length) return <span className="text-slate-500">—</span>;
  return (
    <dl className="space-y-0.5 text-xs text-slate-700">
      {entries.map(([key, value]) => (
        <div key={key} className="break-all">
          <dt className="inline font-medium text-slate-800">{key}: </dt>
          <dd className="inline font-mono">{typeof value === "string" ? value : JSON.stringify(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
