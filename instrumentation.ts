// Runs once when a server process starts (never during `next build`): migrate, seed, start workers.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { boot } = await import("@/lib/boot");
  void boot().catch(async (error: unknown) => {
    // A missing or wrong secret is no passing trouble: the server says so and stops, rather than
    // answer /api/health "starting" forever. Other failures (a database not up yet) are retried.
    if (error instanceof Error && error.name === "StartRefusedError") {
      const { log } = await import("@/lib/observability/log");
      log.fatal(error.message);
      process.exit(1);
    }
  });
}
