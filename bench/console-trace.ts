// Where a signed-in console page's main-thread time goes while it loads (issue 27):
//
//   npx tsx --conditions=react-server bench/console-trace.ts <baseUrl> <email> <password> <path>...
//
// For each path, in headless Chromium with a phone's viewport, it records V8's sampling CPU
// profile of the page's load (navigation to network idle) and prints the page's long tasks (the
// PerformanceObserver's, over 50 ms) and JavaScript self time by script and by function, with
// "(program)" (the browser's own work: parsing HTML, style, layout, paint) and "(garbage
// collector)" beside them.
// The CPU is not slowed by default (CPU=4 slows it as Lighthouse's mobile preset assumes): a
// slowed renderer is paused between slices, and the sampler charges the pauses to whatever ran, so
// the profile's shares are only right unslowed. Lighthouse's simulated mobile figures are about
// four times these. RUNS (default 3) loads per path; PROFILE_DIR saves each .cpuprofile (open it
// in DevTools' Performance panel). CHROMIUM_PATH defaults to chromium-headless-shell.
// TRACE=1 records Chromium's timeline instead of the profile and counts the renderer main thread's
// own CPU time (each task's thread time, `tdur`): on a machine other work shares, a task's wall
// time grows with the load while its thread time does not, so before/after pairs compare. It prints
// the tasks' CPU total, those over 50 ms of CPU, their blocking time as measured and as a phone
// (the CPU factor, default 4) would take it, and the self CPU time by timeline event (ParseHTML,
// EvaluateScript, v8.compile, UpdateLayoutTree, …). The CPU is left unslowed in this mode.
import fs from "node:fs";
import path from "node:path";
import { chromium, type CDPSession } from "@playwright/test";
import { signIn } from "./lighthouse";

const PHONE = { width: 412, height: 823 };
const LONG_TASK_MS = 50;

type ProfileNode = { id: number; children?: number[]; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

async function profileLoad(cdp: CDPSession, load: () => Promise<void>): Promise<Profile> {
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
  await cdp.send("Profiler.start");
  await load();
  const { profile } = await cdp.send("Profiler.stop");
  return profile as Profile;
}

type Summary = { busyMs: number; byScript: Map<string, number>; byFunction: Map<string, number>; inclusive: Map<string, number> };

function summarise(profile: Profile, origin: string): Summary {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const nameOf = (node: ProfileNode) => {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    return `${functionName || "(anonymous)"}${url ? ` ${url.replace(origin, "").replace(/\?.*$/, "")}:${lineNumber + 1}:${columnNumber + 1}` : ""}`;
  };
  const byScript = new Map<string, number>();
  const byFunction = new Map<string, number>();
  // Time with the function anywhere on the stack (a component's render with what it calls).
  const inclusive = new Map<string, number>();
  let busyMs = 0;
  // A sample stands for the time until the next one.
  for (let index = 0; index < profile.samples.length; index++) {
    const node = nodes.get(profile.samples[index]!);
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    if (!node || node.callFrame.functionName === "(idle)") continue;
    busyMs += ms;
    const { functionName, url } = node.callFrame;
    const script = url ? url.replace(origin, "").replace(/\?.*$/, "") : functionName || "(anonymous)";
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
    byFunction.set(nameOf(node), (byFunction.get(nameOf(node)) ?? 0) + ms);
    const onStack = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parents.get(id)) onStack.add(nameOf(nodes.get(id)!));
    for (const name of onStack) inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
  }
  return { busyMs, byScript, byFunction, inclusive };
}

type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: { name?: string; data?: { url?: string; functionName?: string; type?: string } } };
type TraceSummary = { cpuMs: number; wallMs: number; tasksCpu: number[]; selfByEvent: Map<string, number>; largest: string[] };

/** The busiest renderer main thread's tasks and the self thread time of each kind of event in them. */
function summariseTrace(events: TraceEvent[]): TraceSummary {
  const mainThreads = events.filter((event) => event.ph === "M" && event.name === "thread_name" && event.args?.name === "CrRendererMain");
  const onThread = (thread: TraceEvent) => events.filter((event) => event.pid === thread.pid && event.tid === thread.tid && event.ph === "X" && event.tdur !== undefined);
  const tasksOf = (thread: TraceEvent) => onThread(thread).filter((event) => event.name === "RunTask");
  const cpuOf = (tasks: TraceEvent[]) => tasks.reduce((sum, task) => sum + task.tdur!, 0) / 1000;
  const main = mainThreads.sort((a, b) => cpuOf(tasksOf(b)) - cpuOf(tasksOf(a)))[0];
  if (!main) throw new Error("the trace has no renderer main thread");
  const tasks = tasksOf(main);
  // Self time: an event's thread time less its children's (events nest by their wall time span).
  const selfByEvent = new Map<string, number>();
  const stack: Array<{ event: TraceEvent; childrenCpu: number }> = [];
  const close = () => {
    const { event, childrenCpu } = stack.pop()!;
    selfByEvent.set(event.name, (selfByEvent.get(event.name) ?? 0) + (event.tdur! - childrenCpu) / 1000);
    if (stack.length) stack[stack.length - 1]!.childrenCpu += event.tdur!;
  };
  for (const event of onThread(main).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))) {
    while (stack.length && event.ts >= stack[stack.length - 1]!.event.ts + (stack[stack.length - 1]!.event.dur ?? 0)) close();
    stack.push({ event, childrenCpu: 0 });
  }
  while (stack.length) close();
  // What the three largest tasks ran: the events directly inside each, with their script or function.
  const inside = onThread(main);
  const largest = [...tasks]
    .sort((a, b) => b.tdur! - a.tdur!)
    .slice(0, 3)
    .map((task) => {
      const children = inside.filter((event) => event !== task && event.ts >= task.ts && event.ts < task.ts + (task.dur ?? 0) && event.tdur! >= 2000);
      const direct = children.filter((event) => !children.some((outer) => outer !== event && outer.ts <= event.ts && event.ts < outer.ts + (outer.dur ?? 0) && (outer.dur ?? 0) > (event.dur ?? 0)));
      const label = (event: TraceEvent) => [event.name, event.args?.data?.type, event.args?.data?.functionName, event.args?.data?.url?.replace(/^https?:\/\/[^/]+/, "")].filter(Boolean).join(" ");
      return `${(task.tdur! / 1000).toFixed(0)} ms: ${direct.map((event) => `${label(event)} ${(event.tdur! / 1000).toFixed(0)}`).join("; ")}`;
    });
  return {
    cpuMs: cpuOf(tasks),
    wallMs: tasks.reduce((sum, task) => sum + (task.dur ?? 0), 0) / 1000,
    tasksCpu: tasks.map((task) => task.tdur! / 1000),
    selfByEvent,
    largest,
  };
}

const blockingOf = (tasksMs: number[], factor: number) => tasksMs.reduce((sum, ms) => sum + Math.max(0, ms * factor - LONG_TASK_MS), 0);

const top = (map: Map<string, number>, count: number) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => `    ${ms.toFixed(1).padStart(7)} ms  ${name}`)
    .join("\n");

async function main(): Promise<void> {
  const [baseUrl, email, password, ...paths] = process.argv.slice(2);
  if (!baseUrl || !email || !password || !paths.length) {
    console.error("usage: npx tsx --conditions=react-server bench/console-trace.ts <baseUrl> <email> <password> <path>...");
    process.exit(2);
  }
  const runs = Number(process.env.RUNS ?? 3);
  const cpuSlowdown = Number(process.env.CPU ?? 1);
  const profileDir = process.env.PROFILE_DIR;
  const tracing = process.env.TRACE === "1";
  const phoneFactor = Number(process.env.PHONE_FACTOR ?? 4);
  if (profileDir) fs.mkdirSync(profileDir, { recursive: true });
  const cookie = await signIn(baseUrl, email, password);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell" });
  try {
    // The session cookie as a header on every request, as bench/lighthouse.ts sends it.
    const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, extraHTTPHeaders: { Cookie: cookie } });
    await context.addInitScript(() => {
      const longTasks: number[] = [];
      (window as unknown as { __longTasks: number[] }).__longTasks = longTasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) longTasks.push(entry.duration);
      }).observe({ type: "longtask", buffered: true });
    });
    for (const pagePath of paths) {
      for (let run = 1; run <= runs; run++) {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        // Every load fetches and compiles everything, as a first visit does.
        await cdp.send("Network.enable");
        await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: tracing ? 1 : cpuSlowdown });
        const load = async () => {
          const response = await page.goto(`${baseUrl}${pagePath}`, { waitUntil: "networkidle" });
          if (!response?.ok() || new URL(page.url()).pathname !== pagePath.split("?")[0]) throw new Error(`${pagePath}: answered ${response?.status()} at ${page.url()}`);
          await page.waitForTimeout(500);
        };
        if (tracing) {
          await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8"] });
          await load();
          const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
          const summary = summariseTrace(trace.traceEvents);
          const longTasks = summary.tasksCpu.filter((ms) => ms > LONG_TASK_MS).map((ms) => ms.toFixed(0)).join(", ") || "none";
          console.log(
            `${pagePath} run ${run}: main thread CPU ${summary.cpuMs.toFixed(0)} ms (wall ${summary.wallMs.toFixed(0)} ms); tasks over ${LONG_TASK_MS} ms of CPU: ${longTasks}; blocking ${blockingOf(summary.tasksCpu, 1).toFixed(0)} ms, each task's CPU × ${phoneFactor} ${blockingOf(summary.tasksCpu, phoneFactor).toFixed(0)} ms`,
          );
          console.log(`  self CPU by timeline event:\n${top(summary.selfByEvent, 14)}`);
          console.log(`  the largest tasks (CPU ms):\n${summary.largest.map((line) => `    ${line}`).join("\n")}`);
          await page.close();
          continue;
        }
        const profile = await profileLoad(cdp, load);
        const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
        if (profileDir) fs.writeFileSync(path.join(profileDir, `${pagePath.replace(/\W+/g, "_") || "root"}-${run}.cpuprofile`), JSON.stringify(profile));
        const summary = summarise(profile, baseUrl);
        const blocking = longTasks.reduce((sum, ms) => sum + Math.max(0, ms - LONG_TASK_MS), 0);
        console.log(
          `${pagePath} run ${run} (CPU ${cpuSlowdown}×): busy ${summary.busyMs.toFixed(0)} ms; long tasks ${longTasks.map((ms) => ms.toFixed(0)).join(", ") || "none"} (blocking ${blocking.toFixed(0)} ms)`,
        );
        console.log(`  self time by script:\n${top(summary.byScript, 14)}`);
        console.log(`  self time by function:\n${top(summary.byFunction, 30)}`);
        if (process.env.INCLUSIVE) console.log(`  inclusive time by function:\n${top(summary.inclusive, Number(process.env.INCLUSIVE))}`);
        await page.close();
      }
    }
  } finally {
    await browser.close();
  }
}

await main();
