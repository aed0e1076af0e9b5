// Lighthouse 13 on signed-in console pages of a running production server (issue 10): the bench's
// console phase (bench/phases/console.ts), and by hand:
//
//   npx tsx bench/lighthouse.ts <baseUrl> <email> <password> <path>...
//
// Signs in once over HTTP, then runs Lighthouse on each path with the session cookie as an extra
// header, and prints performance, FCP, LCP, CLS, TBT, the scripts' transfer size and any failing
// best-practices audit. Presets:
// - mobile, desktop: Lighthouse's own, with its default simulated throttling (Lantern estimates a
//   slow phone from an unthrottled load);
// - mobile-applied: the mobile preset with the throttling applied to the browser while it loads
//   (Lighthouse's `devtools` method: every request waits out the slow network's latency and
//   bandwidth, the CPU runs 4x slower), so the paints are observed, not estimated.
// CHROME_PATH defaults to Debian's /usr/bin/chromium; PRESETS (mobile,desktop) narrows the CLI.
// REPORT_DIR keeps each run's JSON report (its bootup-time, mainthread-work-breakdown, long-tasks
// and layout-shifts audits say what the scores above come from).
import fs from "node:fs";
import nodePath from "node:path";
import { pathToFileURL } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";

export type Preset = "mobile" | "desktop" | "mobile-applied";

export type LighthouseRow = {
  path: string;
  preset: Preset;
  performance: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Every script the page loaded, as sent (gzip). */
  scriptKb: number;
  finalUrl: string;
  /** Best-practices audits that count toward the score and did not pass. */
  failing: string[];
};

export const chromePath = () => process.env.CHROME_PATH ?? "/usr/bin/chromium";

/** The console's session cookie for an email and password, as the sign-in form gets it. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

/** One Lighthouse run per entry, in order, in one headless Chromium. */
export async function lighthouseRuns(baseUrl: string, cookie: string, runs: Array<{ path: string; preset: Preset }>): Promise<LighthouseRow[]> {
  if (!fs.existsSync(chromePath())) throw new Error(`Lighthouse needs Chromium at ${chromePath()} (apt-get install -y chromium, or set CHROME_PATH)`);
  const chrome = await chromeLauncher.launch({ chromePath: chromePath(), chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"] });
  const rows: LighthouseRow[] = [];
  const reportDir = process.env.REPORT_DIR;
  if (reportDir) fs.mkdirSync(reportDir, { recursive: true });
  try {
    for (const { path, preset } of runs) {
      const result = await lighthouse(
        `${baseUrl}${path}`,
        {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          extraHeaders: { Cookie: cookie },
          onlyCategories: ["performance", "best-practices"],
          ...(preset === "mobile-applied" ? { throttlingMethod: "devtools" as const } : {}),
        },
        preset === "desktop" ? desktopConfig : undefined,
      );
      if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
      const { lhr } = result;
      if (reportDir) fs.writeFileSync(nodePath.join(reportDir, `${path.replace(/\W+/g, "_") || "root"}-${preset}-${rows.length + 1}.json`), JSON.stringify(lhr));
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const requests = (lhr.audits["network-requests"]?.details as { items?: Array<{ resourceType?: string; transferSize?: number }> } | undefined)?.items ?? [];
      const scriptBytes = requests.filter((item) => item.resourceType === "Script").reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
      const weighted = new Set(lhr.categories["best-practices"]?.auditRefs.filter((ref) => ref.weight > 0).map((ref) => ref.id));
      rows.push({
        path,
        preset,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        bestPractices: Math.round((lhr.categories["best-practices"]?.score ?? 0) * 100),
        fcpMs: Math.round(numeric("first-contentful-paint")),
        lcpMs: Math.round(numeric("largest-contentful-paint")),
        cls: Number(numeric("cumulative-layout-shift").toFixed(3)),
        tbtMs: Math.round(numeric("total-blocking-time")),
        scriptKb: Number((scriptBytes / 1024).toFixed(1)),
        finalUrl: lhr.finalDisplayedUrl,
        failing: Object.values(lhr.audits)
          .filter((audit) => weighted.has(audit.id) && audit.score !== null && audit.score < 1)
          .map((audit) => `${audit.id}: ${JSON.stringify((audit.details as { items?: unknown[] } | undefined)?.items ?? []).slice(0, 400)}`),
      });
    }
  } finally {
    chrome.kill();
  }
  return rows;
}

async function main(): Promise<void> {
  const [baseUrl, email, password, ...paths] = process.argv.slice(2);
  if (!baseUrl || !email || !password || !paths.length) {
    console.error("usage: npx tsx bench/lighthouse.ts <baseUrl> <email> <password> <path>...");
    process.exit(2);
  }
  const presets = (process.env.PRESETS ?? "mobile,desktop").split(",") as Preset[];
  const cookie = await signIn(baseUrl, email, password);
  const rows = await lighthouseRuns(
    baseUrl,
    cookie,
    paths.flatMap((path) => presets.map((preset) => ({ path, preset }))),
  );
  for (const { failing, ...row } of rows) {
    console.log(JSON.stringify(row));
    for (const line of failing) console.log(`  best-practices ✗ ${line}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
