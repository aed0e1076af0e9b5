import "server-only";
import { getDatabase } from "@/lib/db/client";
import { env } from "@/lib/env";
import { seedDemoIfEmpty } from "@/lib/studio/seed/demo";
import { checkRpcChains } from "@/lib/studio/chain/evm/start-checks";
import { checkStudioSecret, resealFirstFormatHdSeeds } from "@/lib/studio/core/secrets";
import { bindUnboundSends } from "@/lib/studio/chain/evm/unbound-sends";

const holder = globalThis as typeof globalThis & { __studioReady?: Promise<void> };

/** Resolves once every RPC chain checked out, migrations have run and, on an empty database, the demo data is in. */
export function awaitReady(): Promise<void> {
  holder.__studioReady ??= start().catch((error: unknown) => {
    holder.__studioReady = undefined;
    throw error;
  });
  return holder.__studioReady;
}

async function start(): Promise<void> {
  // A node on the wrong network, or a token with other decimals, refuses the start before anything runs.
  await checkRpcChains();
  const { db } = await getDatabase();
  // A wrong STUDIO_SECRET refuses the start here, not at the first payment.
  await checkStudioSecret(db);
  await resealFirstFormatHdSeeds(db);
  // Sends from before binding MACs: bound if their signed bytes prove them, else quarantined.
  await bindUnboundSends(db);
  if (env.SEED_DEMO) await seedDemoIfEmpty();
}
