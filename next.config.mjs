import createNextIntlPlugin from "next-intl/plugin";

// The console's messages and per-request locale (no locale in the URL): lib/console/i18n/request.ts.
// Messages are precompiled at build time, so browsers get no ICU message parser (the invoice
// list's first-load JS budget, e2e/browser/bundle-size.spec.ts).
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./lib/console/i18n/request.ts",
  experimental: { messages: { path: "./lib/console/i18n/messages", format: "json", locales: "infer", precompile: true } },
});

/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite loads its WebAssembly and data files relative to its own module; bundling breaks that.
  // pdfkit reads its built-in font metrics from files beside its own module, as PGlite does.
  // pino and prom-client: one logger and one metrics registry per process, shared with
  // scripts/start.mjs (lib/observability keeps them on globalThis; bundled copies would still work,
  // but each would carry its own copy of the package).
  serverExternalPackages: ["@electric-sql/pglite", "pg", "pdfkit", "pino", "prom-client"],
  // Lets the test harness build into its own folder without touching a developer's `.next`.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  // Each page carries the console's stylesheet in its HTML: on a slow phone network the first paint
  // waits for the HTML alone, not for another round trip to fetch the stylesheet (issue 10; its CSP
  // allows the <style> by hash, lib/console/inline-stylesheets.ts).
  experimental: { inlineCss: true },
  // The JSON routes: a browser must never take a response for something else (pages get this and
  // the rest of their headers from proxy.ts). A static header here costs the API path no proxy hop.
  async headers() {
    const nosniff = [{ key: "X-Content-Type-Options", value: "nosniff" }];
    return [
      { source: "/api/:path*", headers: nosniff },
      { source: "/v1/:path*", headers: nosniff },
    ];
  },
  // Only for parallel local work where another person's half-written file would fail the
  // whole build; CI never sets it.
  typescript: { ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === "1" },
};

export default withNextIntl(nextConfig);
