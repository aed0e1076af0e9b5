import "server-only";
// Requests of the team endpoints (issue 13, org:manage). No database imports: the console's team
// forms are built on these schemas.
import { z } from "zod";
import { SIGN_IN_ACTIONS } from "@/lib/studio/audit/actions";
import { PERMISSIONS, isPermission, type Permission } from "@/lib/studio/auth/permissions";
import { filterText, pagingQuerySchema } from "@/lib/studio/core/paging";
import { emailAddress, nonBlank } from "@/lib/studio/core/validation";

/** A list of permissions; an unknown one is refused by name. */
export const permissionList = z
  .array(z.string().max(100))
  .max(PERMISSIONS.length * 2)
  .superRefine((items, context) => {
    items.forEach((item, index) => {
      if (!isPermission(item)) {
        context.addIssue({ code: "custom", path: [index], message: `"${item}" is not a permission (known: ${PERMISSIONS.join(", ")})` });
      }
    });
  })
  .transform((items) => [...new Set(items)] as Permission[]);

export const userCreateSchema = z.object({
  name: nonBlank(200),
  email: emailAddress,
  permissions: permissionList,
});
export type UserCreateInput = z.infer<typeof userCreateSchema>;

export const userUpdateSchema = z
  .object({ permissions: permissionList.optional(), disabled: z.boolean().optional() })
  .refine((body) => body.permissions !== undefined || body.disabled !== undefined, {
    path: ["permissions"],
    message: "give permissions, disabled or both",
  });
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

/** A key is always the caller's own: `uid` may be left out, and anyone else's is refused (403). */
export const apiKeyCreateSchema = z.object({ uid: nonBlank(100).optional() });

export const apiKeyListQuerySchema = pagingQuerySchema.extend({ uid: filterText });

/** What the console reports of a person's sign-in, and the audit action each becomes. */
export const SIGN_IN_OUTCOMES = Object.keys(SIGN_IN_ACTIONS) as [keyof typeof SIGN_IN_ACTIONS, ...(keyof typeof SIGN_IN_ACTIONS)[]];
export const signInSchema = z.object({
  outcome: z.enum(SIGN_IN_OUTCOMES),
  ip: z.string().max(100).optional(),
  user_agent: z.string().max(1000).optional(),
});
export type SignInInput = z.infer<typeof signInSchema>;
