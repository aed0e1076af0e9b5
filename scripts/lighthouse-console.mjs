// Lighthouse on signed-in console pages of a running production server (issue 10).
//
//   node scripts/lighthouse-console.mjs <baseUrl> <email> <password> <path>...
//
// Signs in once over HTTP, then runs Lighthouse (mobile and desktop presets) on each path with
// the session cookie as an extra header, and prints performance, LCP, CLS, TBT and any failing
// best-practices audit. CHROME_PATH defaults to Debian's /usr/bin/chromium.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";

const [baseUrl, email, password, ...paths] = process.argv.slice(2);
if (!baseUrl || !email || !password || !paths.length) {
  console.error("usage: node scripts/lighthouse-console.mjs <baseUrl> <email> <password> <path>...");
  process.exit(2);
}
const formFactors = (process.env.FORM_FACTORS ?? "mobile,desktop").split(",");

const signIn = await fetch(`${baseUrl}/api/auth/sign-in`, {
  method: "POST",
  headers: { "Content-Type": "application/json", Origin: baseUrl },
  body: JSON.stringify({ email, password }),
});
if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}`);
const cookie = signIn.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
});
const results = [];
try {
  for (const path of paths) {
    for (const formFactor of formFactors) {
      const config = formFactor === "desktop" ? desktopConfig : undefined;
      const run = await lighthouse(
        `${baseUrl}${path}`,
        { port: chrome.port, output: "json", logLevel: "error", extraHeaders: { Cookie: cookie }, onlyCategories: ["performance", "best-practices"] },
        config,
      );
      const lhr = run.lhr;
      const audit = (id) => lhr.audits[id]?.numericValue;
      const failing = Object.values(lhr.audits)
        .filter((entry) => lhr.categories["best-practices"].auditRefs.some((ref) => ref.id === entry.id && ref.weight > 0) && entry.score !== null && entry.score < 1)
        .map((entry) => `${entry.id}: ${JSON.stringify(entry.details?.items ?? []).slice(0, 400)}`);
      const row = {
        path,
        formFactor,
        performance: Math.round(lhr.categories.performance.score * 100),
        bestPractices: Math.round(lhr.categories["best-practices"].score * 100),
        fcpMs: Math.round(audit("first-contentful-paint")),
        lcpMs: Math.round(audit("largest-contentful-paint")),
        cls: Number(audit("cumulative-layout-shift").toFixed(3)),
        tbtMs: Math.round(audit("total-blocking-time")),
        finalUrl: lhr.finalDisplayedUrl,
      };
      results.push(row);
      console.log(JSON.stringify(row));
      for (const line of failing) console.log(`  best-practices ✗ ${line}`);
    }
  }
} finally {
  await chrome.kill();
}
