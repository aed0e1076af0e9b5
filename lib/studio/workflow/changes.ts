import "server-only";
/** The fields a partial update names: a PUT leaves out what it does not change. */
export function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** A PUT value where `null` (cleared) means the default a create without the field gets. */
export function orDefaultWhenCleared<T>(value: T | null | undefined, fallback: T): T | undefined {
  return value === null ? fallback : value;
}
