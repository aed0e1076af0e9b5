export const PERMISSIONS = ["transfer:create", "transfer:approve", "transfer:sign", "transfer:read"] as const;
export type Permission = (typeof PERMISSIONS)[number];

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}
