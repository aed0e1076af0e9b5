"use client";
import { useTranslations } from "next-intl";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useState } from "react";
import { buttonClass, inputClass, labelClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { apiFetch, ApiError } from "@/lib/console/api";
import { consoleParams, exportQuery } from "@/lib/console/list-query";
import type { Resource } from "@/lib/console/resources";
import type { SavedView } from "@/lib/console/types";
import { useActionKeys } from "@/lib/console/use-action-keys";

const viewsKey = (list: Resource["views"]) => ["saved-views", list] as const;

/**
 * Saved views of a list: the person's named filters and sort, kept by the Studio per person (so
 * they follow them to any browser), each one click away; the current ones can be saved under a
 * name, and a view deleted.
 */
export function SavedViews({ resource }: { resource: Resource }) {
  const pathname = usePathname();
  const params = useSearchParams();
  const queryClient = useQueryClient();
  const keys = useActionKeys<"save">();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const views = useQuery({
    queryKey: viewsKey(resource.views),
    queryFn: () => apiFetch<{ data: SavedView[] }>(`/api/saved-views?list=${resource.views}`).then((body) => body.data),
  });
  // What the list shows now, without its page: the same parameters an export of it takes.
  const current = exportQuery(new URLSearchParams(params.toString()), resource.filterKeys).toString();
  const refresh = () => queryClient.invalidateQueries({ queryKey: viewsKey(resource.views) });
  const save = useMutation({
    mutationFn: (key: string) => apiFetch<{ data: SavedView }>("/api/saved-views", { method: "POST", body: { list: resource.views, name: name.trim(), query: current }, idempotencyKey: key }),
    onSuccess: async () => {
      keys.done("save");
      setName("");
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiFetch(`/api/saved-views/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSettled: refresh,
  });
  const count = views.data?.length;
  const t = useTranslations();

  return (
    <>
      <button type="button" className={buttonClass.secondary} onClick={() => setOpen(true)}>
        {count ? t("list.savedViewsCount", { count }) : t("list.savedViews")}
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t("list.savedViewsOf", { plural: t(`resources.${resource.key}.other`) })}>
        {views.error ? (
          <p role="alert" className="text-sm text-red-800">
            {t("list.viewsFailed", { message: views.error.message })}
          </p>
        ) : views.data?.length ? (
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200" aria-label={t("list.yourViews")}>
            {views.data.map((view) => (
              <li key={view.id} className="flex items-center gap-2 px-3 py-2">
                <Link href={view.query ? `${pathname}?${consoleParams(new URLSearchParams(view.query))}` : pathname} onClick={() => setOpen(false)} className="grow font-medium text-indigo-800 underline-offset-2 hover:underline">
                  {view.name}
                </Link>
                <button
                  type="button"
                  className="text-sm text-red-800 underline-offset-2 hover:underline disabled:opacity-60"
                  aria-label={t("list.deleteView", { name: view.name })}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(view.id)}
                >
                  {t("list.delete")}
                </button>
              </li>
            ))}
          </ul>
        ) : views.isPending ? (
          <p className="text-sm text-slate-700">{t("common.loading")}</p>
        ) : (
          <p className="text-sm text-slate-700">{t("list.noViews")}</p>
        )}
        <form
          className="mt-4 space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (!save.isPending && name.trim()) save.mutate(keys.keyFor("save"));
          }}
        >
          <label htmlFor="saved-view-name" className={labelClass}>
            {t("list.saveAs")}
          </label>
          <div className="flex gap-2">
            <input id="saved-view-name" className={inputClass} maxLength={60} value={name} onChange={(event) => setName(event.target.value)} aria-invalid={save.isError || undefined} aria-describedby={save.isError ? "saved-view-error" : undefined} />
            <button type="submit" className={buttonClass.primary} disabled={save.isPending || !name.trim()}>
              {t("common.save")}
            </button>
          </div>
          {save.isError ? (
            <p id="saved-view-error" role="alert" className="text-sm text-red-800">
              {save.error instanceof ApiError ? save.error.message : t("list.viewNotSaved")}
            </p>
          ) : null}
        </form>
        <div className="mt-4 flex justify-end">
          <button type="button" className={buttonClass.secondary} onClick={() => setOpen(false)}>
            {t("common.close")}
          </button>
        </div>
      </Dialog>
    </>
  );
}
