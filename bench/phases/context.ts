import type { Target } from "../harness";

/** What the PostgreSQL phases share: both servers on one seeded scratch database. */
export type PostgresBench = {
  next: Target;
  bare: Target;
  /** A viewer's key of Demo Merchant (transfer:read). */
  apiKey: string;
  /** GET one paths over a random sample of the seeded invoices. */
  onePaths: string[];
  invoices: number;
  /** A finance user of Demo Merchant, for the console's signed-in pages. */
  consoleUser: { email: string; password: string };
};
