import "server-only";
import type { z } from "zod";
import { studioRoute, type RouteContext } from "@/lib/studio/http/route";
import { actionAllowed } from "@/lib/studio/workflow/transition";
import type { AnyOwner } from "@/lib/studio/workflow/owner";
import type { ActionDeclaration } from "@/lib/workflow/actions";

type BodyOf<D> = D extends { body: infer S extends z.ZodType } ? S : undefined;
type Handler<D> = (context: RouteContext<BodyOf<D> extends z.ZodType ? z.output<BodyOf<D>> : undefined, undefined>) => Promise<unknown>;

/**
 * The handler of one workflow action's route (POST /{id}/<action>, or the record's PUT for edit)
 * from its declaration (lib/workflow/actions): its permission, its body, and its status rule, so a
 * refused body on a record whose status refuses the action is answered as that refusal (404, 409).
 */
export function actionRoute<D extends ActionDeclaration>(
  owner: AnyOwner,
  declaration: D,
  run: Handler<D>,
) {
  return studioRoute(
    {
      permission: declaration.permission,
      body: declaration.body as BodyOf<D>,
      bodyOptional: declaration.bodyOptional,
      statusRule: actionAllowed(owner, declaration.transition),
    },
    async (context) => ({ data: await run(context as never) }),
  );
}
