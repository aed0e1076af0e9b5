// Session lifetimes: 30 minutes idle, 12 hours from sign-in however active.
export const SESSION_COOKIE = "studio_session";
export const IDLE_MS = 30 * 60 * 1000;
export const ABSOLUTE_MS = 12 * 60 * 60 * 1000;

export function isExpired(session: { createdAt: Date; lastSeenAt: Date }, now: Date): boolean {
  return now.getTime() - session.lastSeenAt.getTime() > IDLE_MS || now.getTime() - session.createdAt.getTime() > ABSOLUTE_MS;
}
