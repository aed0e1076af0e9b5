import "server-only";
import { randomBytes } from "node:crypto";

/** An opaque, unguessable id with a readable type prefix: `inv_3f9a…`. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("hex")}`;
}
