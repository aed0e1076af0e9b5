"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { FieldValues, UseFormSetError } from "react-hook-form";
import { CREATE_ONLY_FIELDS, showServerErrors } from "@/components/forms/fields";
import { useToast } from "@/components/ui/toast";
import { apiFetch } from "@/lib/console/api";
import { recordChanged } from "@/lib/console/queries";
import { apiPath, pagePath, type Resource } from "@/lib/console/resources";
import { useActionKeys } from "@/lib/console/use-action-keys";

// Set at creation: an invoice's amount follows from its line items, a payout's gross is fixed.
const FIXED_ON_EDIT = [...Object.keys(CREATE_ONLY_FIELDS), "amount"];

/**
 * Create (POST) or edit (PUT, without the fields fixed at creation) a record through its console
 * route; on success the lists refresh and the record's page opens, on failure the API's message
 * and field errors show on the form.
 */
export function useSaveRecord<T extends { id: string; status: string }, V extends FieldValues>({
  resource,
  record,
  setError,
  number,
}: {
  resource: Resource;
  record: T | undefined;
  setError: UseFormSetError<V>;
  number: (saved: T) => string;
}) {
  const t = useTranslations("forms");
  // Only invoices and payouts have forms.
  const kind = resource.key as "invoices" | "payouts";
  const router = useRouter();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  // A create is one action however often it is submitted until it succeeds (an edit is a PUT,
  // the same whenever repeated).
  const createKeys = useActionKeys<"create">();
  const mutation = useMutation({
    mutationFn: ({ values, key }: { values: Record<string, unknown>; key?: string }) => {
      const body = record ? Object.fromEntries(Object.entries(values).filter(([field]) => !FIXED_ON_EDIT.includes(field))) : values;
      return apiFetch<{ data: T }>(apiPath(resource, record?.id), { method: record ? "PUT" : "POST", body, idempotencyKey: key });
    },
    onMutate: () => setFormError(null),
    onSuccess: async ({ data }) => {
      if (!record) createKeys.done("create");
      toast(record ? t(`${kind}.saved`) : t(`${kind}.created`, { number: number(data) }));
      await recordChanged(queryClient, resource, data);
      router.push(pagePath(resource, data.id));
    },
    onError: (error) => {
      setFormError(error.message);
      showServerErrors(error, setError);
    },
  });
  const save = (values: Record<string, unknown>) => mutation.mutate({ values, key: record ? undefined : createKeys.keyFor("create") });
  return { save, saving: { pending: mutation.isPending, saved: mutation.isSuccess, formError } };
}
