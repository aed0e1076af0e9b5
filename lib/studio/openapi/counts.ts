import "server-only";
import { z } from "zod";
import { STATUS_CATEGORIES } from "@/lib/studio/workflow/state-machine";

/** `counts` keyed by a fixed set of names, every one present (zeros included). */
export function countsOf(keys: readonly string[], description: string) {
  return z.object(Object.fromEntries(keys.map((key) => [key, z.number().int()]))).meta({ description });
}

/** The workflow lists' `counts`: records per status category under the same filters but the status ones. */
export const statusCategoryCounts = countsOf(STATUS_CATEGORIES, "Records per status category, under every filter but `status` and `status_category`");
