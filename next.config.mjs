/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite loads its WebAssembly and data files relative to its own module; bundling breaks that.
  serverExternalPackages: ["@electric-sql/pglite", "pg"],
  // Lets the test harness build into its own folder without touching a developer's `.next`.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  // Only for parallel local work where another person's half-written file would fail the
  // whole build; CI never sets it.
  typescript: { ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === "1" },
};

export default nextConfig;
