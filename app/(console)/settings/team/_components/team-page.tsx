"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ErrorNote } from "@/components/payments/detail";
import { useViewer } from "@/components/providers";
import { SettingsLoadError } from "@/components/settings/settings-frame";
import { buttonClass, inputClass, labelClass } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { Pager, useUrlList } from "@/components/ui/url-list";
import { apiFetch } from "@/lib/console/api";
import { useFormat } from "@/lib/console/i18n/use-format";
import { TEAM_PERMISSIONS } from "@/lib/console/team-labels";
import { useActionKeys } from "@/lib/console/use-action-keys";
import { TEAM_USERS_LIST } from "@/lib/console/queries";
import type { PlainList, TeamUser } from "@/lib/console/types";
import { DialogActions } from "@/components/ui/dialog-actions";
import { ShownOnce } from "@/components/ui/shown-once";

/**
 * The organization's people: each with their permissions as switches (a change applies on the
 * person's next request), disable / enable, and the invite that makes a person, their key and
 * their console sign-in.
 */
export function TeamPage() {
  const t = useTranslations("settings.team");
  const list = useUrlList<PlainList<TeamUser>>(TEAM_USERS_LIST);
  const [inviting, setInviting] = useState(false);
  if (list.error) return <SettingsLoadError title={t("title")} what={t("what")} error={list.error} />;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{t("title")}</h1>
          <p className="mt-1 text-sm text-slate-700">{t("intro")}</p>
        </div>
        <button type="button" className={buttonClass.primary} onClick={() => setInviting(true)}>
          {t("invite")}
        </button>
      </div>
      <ul className="space-y-3" {...list.state}>
        {list.isPending
          ? Array.from({ length: 3 }, (_, index) => <li key={index} aria-hidden="true" className="h-28 animate-pulse rounded-lg bg-slate-200" />)
          : list.data?.data.map((user) => <PersonCard key={user.uid} user={user} />)}
      </ul>
      <Pager label={t("pages")} testId="team-summary" noun={[t("one"), t("other")]} loaded={list.data !== undefined} {...list} />
      {inviting ? <InviteDialog onClose={() => setInviting(false)} /> : null}
    </div>
  );
}

function PersonCard({ user }: { user: TeamUser }) {
  const t = useTranslations("settings.team");
  const tPermission = useTranslations("settings.permissions");
  const { dateTime } = useFormat();
  const viewer = useViewer();
  const router = useRouter();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const change = useMutation({
    mutationFn: (body: { permissions?: string[]; disabled?: boolean }) =>
      apiFetch<{ data: TeamUser }>(`/api/team/users/${encodeURIComponent(user.uid)}`, { method: "PATCH", body }),
    onMutate: () => setError(null),
    onSuccess: async ({ data }, body) => {
      setConfirming(false);
      toast(body.disabled === undefined ? t("permissionsSaved", { name: data.name }) : t(data.disabled ? "disabledToast" : "enabledToast", { name: data.name }));
      await queryClient.invalidateQueries({ queryKey: ["team"] });
      // One's own change shows at once: the navigation and buttons follow the new permissions.
      if (user.uid === viewer.uid) router.refresh();
    },
    onError: (failure) => setError(failure.message),
  });
  const toggle = (permission: string, on: boolean) =>
    change.mutate({ permissions: on ? [...user.permissions, permission] : user.permissions.filter((held) => held !== permission) });
  const headingId = `person-${user.uid}`;
  return (
    <li
      aria-labelledby={headingId}
      data-testid="person"
      data-email={user.email}
      className={`rounded-lg border bg-white p-4 ${user.disabled ? "border-slate-200 bg-slate-50" : "border-slate-200"}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="font-semibold text-slate-900">
            {user.name}
            {user.uid === viewer.uid ? <span className="ml-2 text-sm font-normal text-slate-600">{t("you")}</span> : null}
          </h2>
          <p className="break-all text-sm text-slate-700">{user.email}</p>
          <p className="text-xs text-slate-600">{t("added", { time: dateTime(user.created_at) })}</p>
        </div>
        <div className="flex items-center gap-3">
          <span
            data-testid="person-status"
            className={`rounded-full px-2 py-0.5 text-xs font-medium ${user.disabled ? "bg-slate-200 text-slate-800" : "bg-emerald-50 text-emerald-800"}`}
          >
            {user.disabled ? t("disabled") : t("active")}
          </span>
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={change.isPending}
            onClick={() => (user.disabled ? change.mutate({ disabled: false }) : setConfirming(true))}
          >
            {t.rich(user.disabled ? "enable" : "disable", { name: user.name, hidden: (chunks) => <span className="sr-only">{chunks}</span> })}
          </button>
        </div>
      </div>
      <fieldset className="mt-3" disabled={change.isPending || user.disabled}>
        <legend className="sr-only">{t("permissionsOf", { name: user.name })}</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {TEAM_PERMISSIONS.map(({ value }) => {
            const id = `${user.uid}-${value}`;
            const on = user.permissions.includes(value);
            return (
              <div key={value} className="flex items-center gap-2">
                <input
                  id={id}
                  type="checkbox"
                  role="switch"
                  checked={on}
                  aria-checked={on}
                  onChange={(event) => toggle(value, event.target.checked)}
                  className="peer sr-only"
                />
                <label
                  htmlFor={id}
                  className="flex cursor-pointer items-center gap-2 text-sm text-slate-800 peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-700 peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
                >
                  <span aria-hidden="true" className={`relative h-5 w-9 rounded-full transition-colors ${on ? "bg-indigo-700" : "bg-slate-300"}`}>
                    <span className={`absolute top-0.5 h-4 w-4 rounded-full bg-white shadow transition-all ${on ? "left-[1.125rem]" : "left-0.5"}`} />
                  </span>
                  {tPermission(value.replace(":", "_") as "transfer_read")}
                  <code className="hidden text-xs text-slate-600 md:inline">{value}</code>
                </label>
              </div>
            );
          })}
        </div>
      </fieldset>
      {error ? (
        <div className="mt-3">
          <ErrorNote>{error}</ErrorNote>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t("disableTitle", { name: user.name })}
        error={error}
        action={t("disableAction", { name: user.name })}
        running={t("disabling")}
        pending={change.isPending}
        onConfirm={() => change.mutate({ disabled: true })}
      >
        <p className="text-sm text-slate-700">
          {t("disableBody")}
        </p>
      </ConfirmDialog>
    </li>
  );
}

type Invited = { user: TeamUser; email: string; password: string };

/** The invite form, then - once - the new person's first password. */
function InviteDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslations("settings.invite");
  const tPermission = useTranslations("settings.permissions");
  const queryClient = useQueryClient();
  // One invite however often it is sent until it succeeds: a retry after a part-way failure
  // finishes the same person instead of making another.
  const keys = useActionKeys<"invite">();
  const [invited, setInvited] = useState<Invited | null>(null);
  const invite = useMutation({
    mutationFn: (body: { name: string; email: string; permissions: string[] }) =>
      apiFetch<{ data: Invited }>("/api/team/users", { method: "POST", body, idempotencyKey: keys.keyFor("invite") }),
    onSuccess: async ({ data }) => {
      keys.done("invite");
      setInvited(data);
      await queryClient.invalidateQueries({ queryKey: ["team"] });
    },
  });
  if (invited) {
    return (
      <Dialog open onClose={onClose} title={t("invited", { name: invited.user.name })}>
        <div className="space-y-3 text-sm text-slate-800">
          <p>
            {t.rich("signIn", { email: invited.email, strong: (chunks) => <strong className="break-all">{chunks}</strong> })}
          </p>
          <ShownOnce
            value={invited.password}
            copyLabel={t("copy")}
            testId="first-password"
            large
            warning={t("warning", { name: invited.user.name })}
          />
        </div>
        <div className="mt-5 flex justify-end">
          <button type="button" className={buttonClass.primary} onClick={onClose}>
            {t("done")}
          </button>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog open onClose={onClose} title={t("title")}>
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          invite.mutate({
            name: String(form.get("name") ?? ""),
            email: String(form.get("email") ?? ""),
            permissions: form.getAll("permissions").map(String),
          });
        }}
      >
        <p className="text-sm text-slate-700">{t("intro")}</p>
        <div>
          <label htmlFor="invite-name" className={labelClass}>
            {t("name")}
          </label>
          <input id="invite-name" name="name" required maxLength={200} autoComplete="off" className={inputClass} />
        </div>
        <div>
          <label htmlFor="invite-email" className={labelClass}>
            {t("email")}
          </label>
          <input id="invite-email" name="email" type="email" required maxLength={254} autoComplete="off" className={inputClass} />
        </div>
        <fieldset>
          <legend className={labelClass}>{t("permissions")}</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {TEAM_PERMISSIONS.map(({ value }) => (
              <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" name="permissions" value={value} defaultChecked={value === "transfer:read"} className="h-4 w-4" />
                {tPermission(value.replace(":", "_") as "transfer_read")}
              </label>
            ))}
          </div>
        </fieldset>
        {invite.error ? <ErrorNote>{invite.error.message}</ErrorNote> : null}
        <DialogActions leave="Cancel" onLeave={onClose} busy={invite.isPending} confirm={invite.isPending ? t("inviting") : t("submit")} />
      </form>
    </Dialog>
  );
}
