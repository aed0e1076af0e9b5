import "server-only";
// `org:manage` is an extension beside the spec's transfer:* permissions: managing the people and
// API keys of one's own organization, and reading its audit log.
export const PERMISSIONS = ["transfer:create", "transfer:approve", "transfer:sign", "transfer:read", "org:manage"] as const;
export type Permission = (typeof PERMISSIONS)[number];

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}
