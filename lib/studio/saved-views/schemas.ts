import "server-only";
import { z } from "zod";
import { nonBlank } from "@/lib/studio/core/validation";
import { dateTimeText } from "@/lib/studio/core/records";

/** The lists a view can be saved for, by the name their endpoints use. */
export const SAVED_VIEW_LISTS = ["invoices", "payouts", "payment_intents"] as const;
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number];
/** How many views one person keeps per list: a menu, not a database. */
export const SAVED_VIEWS_PER_LIST = 50;
export const SAVED_VIEW_QUERY_MAX = 2000;

const list = z.enum(SAVED_VIEW_LISTS).meta({ description: "The list the view is of", example: "invoices" });

export const savedViewsQuerySchema = z.object({ list });

export const savedViewCreateSchema = z.object({
  list,
  name: nonBlank(60).meta({ description: "What the person calls it; unique per person and list", example: "Overdue USDC" }),
  query: z
    .string()
    .max(SAVED_VIEW_QUERY_MAX)
    .meta({
      description:
        "The list's filters and sort as a URL query string (`status_category=action_required&sort=-amount`): only parameters the list accepts, " +
        "valid as the list would take them, and no page (`page`, `starting_after`)",
      example: "status_category=awaiting_payment&sort=due_date",
    }),
});
export type SavedViewCreate = z.infer<typeof savedViewCreateSchema>;

export const savedViewRecordSchema = z.object({
  id: z.string().meta({ example: "view_1a2b3c4d5e6f708192a3b4c5" }),
  list,
  name: z.string().meta({ example: "Overdue USDC" }),
  query: z.string().meta({ example: "status_category=awaiting_payment&sort=due_date" }),
  created_at: dateTimeText,
});
export type SavedViewRecord = z.infer<typeof savedViewRecordSchema>;
