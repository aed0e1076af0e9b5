"use client";
import "@/lib/console/zod-csp";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { buttonClass, inputClass, labelClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { StepUpForm } from "@/components/ui/step-up-form";
import { apiFetch, ApiError, isStepUpRequired } from "@/lib/console/api";
import { recordChanged } from "@/lib/console/queries";
import { apiPath, pagePath, type Resource } from "@/lib/console/resources";
import { useActionKeys } from "@/lib/console/use-action-keys";
import type { ActionDeclaration } from "@/lib/workflow/actions";
import { DialogActions } from "@/components/ui/dialog-actions";

/** One workflow button and the dialog behind it. */
export type ActionSpec = {
  label: string;
  tone: keyof typeof buttonClass;
  title: string;
  done: string;
  /** The dialog's explanation and inputs. */
  body: React.ReactNode;
  /** The request body from the dialog's inputs, or the message that says what is missing. */
  request: (text: (name: string) => string) => Record<string, unknown> | string;
  /**
   * Where the person's language has this action's words: `actions.<key>.label`, `.title`, `.done`,
   * `.confirm` and `.missing` (for what `request` found missing), with `values`. Without it the English above shows.
   */
  messages?: { key: ActionMessages; resource?: Resource["key"]; values?: Record<string, string> };
};

type ActionMessages = "reject" | "refund" | "approve" | "cancelInvoice" | "signInvoice";
type ActionText = "label" | "title" | "done" | "missing" | "confirm";

/** An action's words in the person's language, when its spec names them. */
function useActionText() {
  const t = useTranslations();
  return (spec: ActionSpec, part: ActionText, english: string) => {
    if (!spec.messages) return english;
    const { key, resource, values = {} } = spec.messages;
    // The record's noun in the person's language ("reject {noun}"), and English's article for it.
    const names: Record<string, string> = resource ? { noun: t(`resources.${resource}.one`), title: t(`resources.${resource}.title`) } : {};
    return t(`actions.${key}.${part}`, { ...values, ...names });
  };
}

/**
 * The action bar of a record page: an Edit link and one button per action the person may take
 * (decided by the owner's action declarations, lib/workflow/actions), each confirming in a dialog
 * that checks its request against the declared body schema and posts to the console route.
 */
export function WorkflowActions<A extends string>({
  resource,
  id,
  actions,
  specs,
  declarations,
}: {
  resource: Resource;
  id: string;
  actions: readonly (A | "edit")[];
  specs: Record<A, ActionSpec>;
  declarations: Record<A, ActionDeclaration>;
}) {
  const [open, setOpen] = useState<A | null>(null);
  // Here rather than in the dialog: closing and reopening it to confirm again is still a retry.
  const keys = useActionKeys<A>();
  const t = useTranslations();
  const text = useActionText();
  if (!actions.length) return null;
  return (
    <div className="flex flex-wrap gap-2" aria-label={t("actions.group", { title: t(`resources.${resource.key}.title`) })} role="group">
      {actions.map((action) =>
        action === "edit" ? (
          <Link key={action} href={pagePath(resource, id, "/edit")} className={buttonClass.secondary}>
            {t("actions.edit")}
          </Link>
        ) : (
          <button key={action} type="button" className={buttonClass[specs[action as A].tone]} onClick={() => setOpen(action as A)}>
            {text(specs[action as A], "label", specs[action as A].label)}
          </button>
        ),
      )}
      {open ? (
        <ActionDialog
          resource={resource}
          id={id}
          action={open}
          spec={specs[open]}
          declaration={declarations[open]}
          idempotencyKey={() => keys.keyFor(open)}
          onDone={() => keys.done(open)}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </div>
  );
}

function ActionDialog({
  resource,
  id,
  action,
  spec,
  declaration,
  idempotencyKey,
  onDone,
  onClose,
}: {
  resource: Resource;
  id: string;
  action: string;
  spec: ActionSpec;
  declaration: ActionDeclaration;
  idempotencyKey: () => string;
  onDone: () => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const t = useTranslations("actions");
  const text = useActionText();
  const [fieldError, setFieldError] = useState<string | null>(null);
  // A second click can land before the button re-renders disabled: it is dropped here (and, should
  // a duplicate get through anyway, the shared key makes the Studio replay rather than act).
  const sending = useRef(false);
  const mutation = useMutation({
    mutationFn: ({ body, key }: { body: Record<string, unknown>; key: string }) =>
      apiFetch<{ data: { id: string; status: string } }>(apiPath(resource, id, `/${action}`), { method: "POST", body, idempotencyKey: key }),
    onSuccess: async ({ data }) => {
      onDone();
      toast(text(spec, "done", spec.done));
      onClose();
      await recordChanged(queryClient, resource, data);
    },
  });
  const send = (variables: { body: Record<string, unknown>; key: string }) => {
    if (sending.current) return;
    sending.current = true;
    mutation.mutate(variables, { onSettled: () => void (sending.current = false) });
  };
  const apiError = mutation.error instanceof ApiError ? mutation.error : null;
  // No answer at all (the connection dropped): confirming again is safe, the key makes it one action.
  const lostError = mutation.error && !apiError ? t("lost") : null;
  // An action that moves funds, refused until the password is proved again: asked here, then the
  // very request (body and key) is sent again.
  const refused = isStepUpRequired(mutation.error) ? mutation.variables : undefined;

  return (
    <Dialog open onClose={() => !mutation.isPending && onClose()} title={text(spec, "title", spec.title)}>
      {refused ? (
        <StepUpForm onConfirmed={() => send(refused)} onBack={() => mutation.reset()} />
      ) : (
        <form
          className="space-y-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            setFieldError(null);
            const request = spec.request((name) => String(form.get(name) ?? "").trim());
            if (typeof request === "string") return setFieldError(text(spec, "missing", request));
            // The Studio's own body schema: what it would refuse is refused here, in the same words.
            const checked = declaration.body?.safeParse(request);
            if (checked && !checked.success) {
              return setFieldError(checked.error.issues.map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`).join("; "));
            }
            send({ body: request, key: idempotencyKey() });
          }}
        >
          {spec.body}
          {fieldError || apiError || lostError ? (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
              {fieldError ?? apiError?.message ?? lostError}
              {apiError?.body.errors?.map((issue) => (
                <span key={issue.field} className="block">
                  {issue.field}: {issue.message}
                </span>
              ))}
            </p>
          ) : null}
          <DialogActions
            onLeave={onClose}
            busy={mutation.isPending}
            tone={spec.tone}
            confirm={mutation.isPending ? t("working") : text(spec, "confirm", `Confirm ${spec.label.toLowerCase()}`)}
          />
        </form>
      )}
    </Dialog>
  );
}

export function DialogInput({ name, label, labelKey, multiline, required }: { name: string; label: string; labelKey?: "reason" | "reasonOptional" | "refundAddress" | "attachments"; multiline?: boolean; required?: boolean }) {
  const t = useTranslations("actions");
  const id = `action-${name.replaceAll("_", "-")}`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {labelKey ? t(labelKey) : label}
      </label>
      {multiline ? (
        <textarea id={id} name={name} rows={3} required={required} className={inputClass} />
      ) : (
        <input id={id} name={name} required={required} className={inputClass} />
      )}
    </div>
  );
}

const article = (noun: string) => (/^[aeiou]/.test(noun) ? "an" : "a");

/** Reject: a reason is required (spec RejectRequest). */
export function rejectAction(resource: Resource): ActionSpec {
  return {
    label: "Reject",
    tone: "danger",
    title: `Reject ${resource.noun}`,
    done: `${resource.title} rejected`,
    body: <DialogInput name="reason" label="Reason" labelKey="reason" multiline required />,
    request: (text) => (text("reason") ? { reason: text("reason") } : `A reason is required to reject ${article(resource.noun)} ${resource.noun}.`),
    messages: { key: "reject", resource: resource.key, values: { article: article(resource.noun) } },
  };
}

/** Refund what was received: address, reason and attachment ids (spec RefundReviewRequest). */
export function refundAction(): ActionSpec {
  return {
    label: "Refund",
    tone: "secondary",
    title: "Refund payment",
    done: "Refund recorded",
    body: (
      <>
        <DialogInput name="refund_address" label="Refund address" labelKey="refundAddress" required />
        <DialogInput name="refund_reason" label="Reason" labelKey="reason" multiline required />
        <DialogInput name="refund_attachments" label="Attachment file ids (optional, comma-separated)" labelKey="attachments" />
      </>
    ),
    request: (text) => {
      if (!text("refund_address") || !text("refund_reason")) return "A refund address and a reason are required.";
      return {
        refund_address: text("refund_address"),
        refund_reason: text("refund_reason"),
        refund_attachments: text("refund_attachments").split(",").map((id) => id.trim()).filter(Boolean),
      };
    },
    messages: { key: "refund" },
  };
}

/** Approve: no body; the sentence says what goes live. */
export function approveAction(resource: Resource, sentence: React.ReactNode): ActionSpec {
  return {
    label: "Approve",
    tone: "primary",
    title: `Approve ${resource.noun}`,
    done: `${resource.title} approved`,
    body: <p className="text-sm text-slate-700">{sentence}</p>,
    request: () => ({}),
    messages: { key: "approve", resource: resource.key },
  };
}
