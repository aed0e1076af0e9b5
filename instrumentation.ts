// Runs once when a server process starts (never during `next build`): migrate, seed, start workers.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { boot } = await import("@/lib/boot");
  void boot().catch(() => undefined);
}
