// A small LRU cache with a time-to-live: at most `max` entries, each for at most `ttlMs`.
// Pure; Map keeps insertion order, so re-inserting on use makes the first key the least recent.

export type TtlCache<V> = {
  get(key: string, now?: number): V | undefined;
  set(key: string, value: V, now?: number): void;
  delete(key: string): void;
  readonly size: number;
};

export function createTtlCache<V>({ max, ttlMs }: { max: number; ttlMs: number }): TtlCache<V> {
  const entries = new Map<string, { value: V; expires: number }>();
  return {
    get(key, now = Date.now()) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expires <= now) return undefined;
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value, now = Date.now()) {
      entries.delete(key);
      // Expired entries first (oldest first), then the least recently used, until there is room.
      for (const [oldKey, entry] of entries) {
        if (entries.size < max && entry.expires > now) break;
        entries.delete(oldKey);
      }
      entries.set(key, { value, expires: now + ttlMs });
    },
    delete(key) {
      entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}
