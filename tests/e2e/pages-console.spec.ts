// Every page of the app, opened in Chromium by each role that may open it, logs no console
// error and throws nothing (a hydration mismatch such as React's #418 is a console error in
// production builds). The pages are read from app/**/page.tsx, so a new page without a URL
// here fails its own test instead of being skipped. The ids come from the "verified"
// project's seed (tests/e2e/seed-verified.ts), which has an item of every kind.
import { readdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { storageStatePath, type E2eRole } from "./seed-file";
import Database from "better-sqlite3";
import { readSampledSeed } from "./seed-sampled-file";
import { readVerifiedSeed } from "./seed-verified-file";
import { readModelRunsSeed } from "./seed-model-runs-file";

type Visit = { url: string | string[]; roles: (E2eRole | "anonymous")[] };

function pageTemplates(dir = path.join(process.cwd(), "app"), found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) pageTemplates(full, found);
    else if (entry.name === "page.tsx") {
      const segments = path.relative(path.join(process.cwd(), "app"), dir).split(path.sep).filter((s) => s && !/^\(.*\)$/.test(s));
      found.push(`/${segments.join("/")}`);
    }
  }
  return found.sort();
}

const ALL: E2eRole[] = ["owner", "admin", "reviewer", "annotator"];
const REVIEWERS: E2eRole[] = ["owner", "admin", "reviewer"];
const ADMINS: E2eRole[] = ["owner", "admin"];

/** The AndroidLab run of the benchmark write-back's project (tests/e2e/seed-benchmarks.ts). */
function benchmarkRunId(): string {
  const sqlite = new Database(process.env.DATABASE_URL!.replace(/^file:/, ""), { readonly: true });
  try {
    return (sqlite.prepare(`SELECT r.id FROM EvaluationRun r JOIN Project p ON p.id = r.projectId WHERE p.slug = 'benchmarks'`).get() as { id: string }).id;
  } finally {
    sqlite.close();
  }
}

function visits(): Record<string, Visit> {
  const s = readVerifiedSeed();
  const p = `/projects/${s.slug}`;
  // Runs to compare, calibrate and chart: the sampled-verification project's checkpoints.
  const sampled = readSampledSeed();
  const sp = `/projects/${sampled.slug}`;
  const [a, b] = [sampled.runs["ckpt-100"], sampled.runs["ckpt-200"]];
  return {
    "/projects/[slug]/calibration": { url: [`${p}/calibration`, `${sp}/calibration`, `${sp}/calibration?by=app`], roles: REVIEWERS },
    "/projects/[slug]/runs/compare": { url: [`${p}/runs/compare`, `${sp}/runs/compare?a=${a}&b=${b}`], roles: REVIEWERS },
    "/projects/[slug]/runs/checkpoints": { url: [`${p}/runs/checkpoints`, `${sp}/runs/checkpoints?run=${a}&run=${b}`], roles: REVIEWERS },
    "/projects/[slug]/runs/[runId]/benchmark": { url: [`/projects/benchmarks/runs/${benchmarkRunId()}/benchmark`, `${p}/runs/${s.runId}/benchmark`], roles: REVIEWERS },
    "/": { url: "/", roles: ["owner", "anonymous"] },
    "/login": { url: "/login", roles: ["anonymous"] },
    "/admin/users": { url: "/admin/users", roles: ["owner"] },
    "/projects": { url: "/projects", roles: ALL },
    "/projects/[slug]": { url: p, roles: ALL },
    "/projects/[slug]/audit": { url: `${p}/audit`, roles: ADMINS },
    "/projects/[slug]/dashboard": { url: `${p}/dashboard`, roles: REVIEWERS },
    "/projects/[slug]/groups/[groupKey]": { url: `${p}/groups/${s.groupKey}`, roles: REVIEWERS },
    "/projects/[slug]/honeypots": { url: `${p}/honeypots`, roles: ADMINS },
    "/projects/[slug]/import": { url: `${p}/import`, roles: ADMINS },
    "/projects/[slug]/members": { url: `${p}/members`, roles: ADMINS },
    "/projects/[slug]/models": { url: `${p}/models`, roles: ADMINS },
    "/projects/[slug]/pools": { url: `${p}/pools`, roles: REVIEWERS },
    // A cancelled run (tests/e2e/seed-model-runs.ts) with its items filtered, and the launch form as the lists' links open it.
    "/projects/[slug]/models/runs": { url: `${p}/models/runs`, roles: REVIEWERS },
    "/projects/[slug]/models/disagreements": { url: `${p}/models/disagreements`, roles: REVIEWERS },
    "/projects/[slug]/models/runs/[runId]": { url: `${p}/models/runs/${readModelRunsSeed().cancelledRunId}?status=pending`, roles: REVIEWERS },
    "/projects/[slug]/models/runs/new": { url: [`${p}/models/runs/new?items=samples&source=e2e-answers`, `${p}/models/runs/new?items=trajectories&run=${s.runId}`], roles: ADMINS },
    // Also as a list's "queue these" link opens it: the new-queue form starts from the filter.
    "/projects/[slug]/queues": { url: [`${p}/queues`, `${p}/queues?itemType=trajectory&flag=rule_vs_judge&run=${s.runId}`, `${p}/queues?itemType=sample&status=unreviewed`], roles: ALL },
    "/projects/[slug]/queues/[queueId]": { url: [`${p}/queues/${s.queues.dispute}`, `${p}/queues/${s.queues.dispute}?status=adjudication`, `${p}/queues?archived=1`], roles: REVIEWERS },
    "/projects/[slug]/queues/[queueId]/adjudicate": { url: `${p}/queues/${s.queues.dispute}/adjudicate`, roles: REVIEWERS },
    "/projects/[slug]/queues/[queueId]/adjudicate/[queueItemId]": { url: `${p}/queues/${s.queues.dispute}/adjudicate/${s.queues.disputeItem}`, roles: REVIEWERS },
    "/projects/[slug]/runs/[runId]": { url: `${p}/runs/${s.runId}`, roles: REVIEWERS },
    "/projects/[slug]/samples": { url: `${p}/samples`, roles: ALL },
    "/projects/[slug]/samples/[sampleId]": { url: `${p}/samples/${s.samples.prediction}`, roles: ALL },
    "/projects/[slug]/samples/bulk": { url: `${p}/samples/bulk`, roles: REVIEWERS },
    "/projects/[slug]/settings": { url: `${p}/settings`, roles: ADMINS },
    "/projects/[slug]/tokens": { url: `${p}/tokens`, roles: ADMINS },
    "/projects/[slug]/trajectories": { url: `${p}/trajectories`, roles: ALL },
    "/projects/[slug]/trajectories/[trajectoryId]": { url: `${p}/trajectories/${s.trajectories.ruleVsJudge}`, roles: ALL },
    "/projects/[slug]/triage": { url: `${p}/triage`, roles: REVIEWERS },
    "/projects/[slug]/triage/[queueItemId]": { url: `${p}/triage/${s.queues.triageItem}`, roles: REVIEWERS },
  };
}

/** Console errors and uncaught exceptions while the page loads and hydrates. */
async function problemsOf(page: Page, url: string): Promise<string[]> {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`exception: ${error.message}`));
  const response = await page.goto(url);
  expect(response?.status(), url).toBeLessThan(400);
  await page.waitForLoadState("load");
  // Hydration runs after load; an idle callback after two frames comes after it.
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(() => resolve(), { timeout: 5_000 })))));
  return problems;
}

test("every page template has a URL to open here", () => {
  expect(pageTemplates().filter((t) => !visits()[t]), "pages without an entry in tests/e2e/pages-console.spec.ts").toEqual([]);
});

for (const role of ["owner", "admin", "reviewer", "annotator", "anonymous"] as const) {
  test(`every page open to the ${role} loads without a console error`, async ({ browser }) => {
    // Dozens of pages, one after another: generous, so a loaded machine does not fail it.
    test.setTimeout(420_000);
    // A browser in another time zone and locale than the server's: a date or number formatted
    // for the server's would not hydrate.
    const where = { timezoneId: "Asia/Shanghai", locale: "zh-CN" };
    const context = await browser.newContext(role === "anonymous" ? where : { ...where, storageState: storageStatePath(role) });
    try {
      const found: string[] = [];
      for (const [template, visit] of Object.entries(visits())) {
        if (!visit.roles.includes(role)) continue;
        for (const url of [visit.url].flat()) {
          const page = await context.newPage();
          for (const problem of await problemsOf(page, url)) found.push(`${url} (${template}): ${problem}`);
          await page.close();
        }
      }
      expect(found).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
