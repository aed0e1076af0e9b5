import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: ["./lib/studio/db/*-schema.ts", "./lib/console/db/schema.ts", "./lib/rate-limit/schema.ts", "./lib/secrets/schema.ts"],
  out: "./lib/db/migrations",
});
