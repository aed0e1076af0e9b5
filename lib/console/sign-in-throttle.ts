import { createThrottle } from "@/lib/console/throttle";

// Per account: 5 failures in 15 minutes. Per IP: more, since an office shares one address.
const holder = globalThis as typeof globalThis & { __signInThrottles?: ReturnType<typeof make> };
const make = () => ({
  account: createThrottle({ limit: 5, windowMs: 15 * 60 * 1000 }),
  ip: createThrottle({ limit: 30, windowMs: 15 * 60 * 1000 }),
});
export const signInThrottles = (holder.__signInThrottles ??= make());
