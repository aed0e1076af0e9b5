"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { FieldValues, UseFormSetError } from "react-hook-form";
import { CREATE_ONLY_FIELDS, showServerErrors } from "@/components/forms/fields";
import { useToast } from "@/components/ui/toast";
import { apiFetch } from "@/lib/console/api";
import { apiPath, pagePath, type Resource } from "@/lib/console/resources";

// Set at creation: an invoice's amount follows from its line items, a payout's gross is fixed.
const FIXED_ON_EDIT = [...Object.keys(CREATE_ONLY_FIELDS), "amount"];

/**
 * Create (POST) or edit (PUT, without the fields fixed at creation) a record through its console
 * route; on success the lists refresh and the record's page opens, on failure the API's message
 * and field errors show on the form.
 */
export function useSaveRecord<T extends { id: string }, V extends FieldValues>({
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
  const router = useRouter();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (values: Record<string, unknown>) => {
      const body = record ? Object.fromEntries(Object.entries(values).filter(([key]) => !FIXED_ON_EDIT.includes(key))) : values;
      return apiFetch<{ data: T }>(apiPath(resource, record?.id), { method: record ? "PUT" : "POST", body });
    },
    onMutate: () => setFormError(null),
    onSuccess: async ({ data }) => {
      toast(record ? `${resource.title} saved` : `${resource.title} ${number(data)} created`);
      await queryClient.invalidateQueries({ queryKey: [resource.key] });
      router.push(pagePath(resource, data.id));
    },
    onError: (error) => {
      setFormError(error.message);
      showServerErrors(error, setError);
    },
  });
  return { save: mutation.mutate, saving: { pending: mutation.isPending, formError } };
}
