// Issue 17 item 7, second part: a browser that asks for Chinese gets the run page (with its
// sampled verification and judge calibration), benchmark results, judge calibration, run
// comparison, checkpoints, a GRPO group, the pools screen (with a snapshot's manifest) and the
// dashboard's charts in Chinese: Chinese headings and page titles, and no English word left in
// the chrome (headings, table heads, labels, legends, buttons, chart legends), only the data's
// own names. Screenshots of the run page, pools page and dashboard at 1440x900 go to
// test-results/i18n-zh/ for a look. Reads the "verified", "sampled", "benchmarks", "pools" and
// "team-metrics" projects and changes nothing in them; asserts no figure of "sampled", which
// the sampled-verification spec verifies meanwhile.
import { mkdirSync } from "node:fs";
import Database from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import { storageStatePath, type E2eRole } from "./seed-file";
import { readPoolsSeed } from "./seed-pools-file";
import { readSampledSeed } from "./seed-sampled-file";
import { readVerifiedSeed } from "./seed-verified-file";

const SHOTS = "test-results/i18n-zh";

// Words that are the data's or a field's own names, not chrome: model, run, queue, people and
// benchmark names from the seeds, file and metric names of the benchmarks, framework names and
// statistics named after people. Anything else of four or more Latin letters is a leftover.
const DATA_WORDS = new Set(
  [
    "ckpt", "synthetic", "android", "venus", "trace", "Trajectories", "GRPO", "rollout", "Rollout", "MLLM", "Cohen", "Wilson", "Newcombe", "Fleiss",
    "AndroidLab", "OSWorld", "WebVoyager", "ScreenSpot", "jsonl", "json", "xlsx", "total", "Complete", "Correct", "Partial", "Sum", "reasonable", "operation", "ratio",
    "num", "correct", "action", "wrong", "format", "text", "icon", "overall", "verl", "swift", "objects", "data", "source", "sha256", "manifest", "images", "Verity",
    // The quality tiers' stored names, kept in both languages as the settings name them.
    "gold", "rewrite", "discard",
  ].map((w) => w.toLowerCase()),
);

/** The AndroidLab run of the benchmark write-back's project (tests/e2e/seed-benchmarks.ts). */
function benchmarkRun(): { id: string; name: string } {
  const sqlite = new Database(process.env.DATABASE_URL!.replace(/^file:/, ""), { readonly: true });
  try {
    return sqlite.prepare(`SELECT r.id, r.name FROM EvaluationRun r JOIN Project p ON p.id = r.projectId WHERE p.slug = 'benchmarks'`).get() as { id: string; name: string };
  } finally {
    sqlite.close();
  }
}

/** The English words in the page's chrome that are not a name from the data (see DATA_WORDS). */
async function englishLeftovers(page: Page, extra: string[] = []): Promise<string[]> {
  const allowed = new Set([...DATA_WORDS, ...extra.flatMap((name) => name.split(/[^A-Za-z]+/)).map((w) => w.toLowerCase())]);
  const texts = await page.locator("main").evaluate((main) => {
    const chrome = main.querySelectorAll("h1, h2, h3, h4, h5, th, dt, legend, label, button, summary, [role=tab], .recharts-legend-item-text, [role=figure][aria-label]");
    return [...chrome].map((el) => {
      // A label's own words, not the options of the select inside it (their values are data).
      // A chart's name, not the ticks inside it (those are the data's names and dates).
      if (el.getAttribute("role") === "figure") return el.getAttribute("aria-label") ?? "";
      const copy = el.cloneNode(true) as HTMLElement;
      copy.querySelectorAll("select, option, input, code, a").forEach((child) => child.remove());
      return `${copy.textContent ?? ""} ${el.getAttribute("aria-label") ?? ""}`;
    });
  });
  // Letters run into digits are an id's, not a word: a snapshot id (20261201T211028.941Z-0deaf643)
  // or a probe's pool (matrix-6672cbdb) has a random hex tail that can spell "deaf" or "cbdb".
  const words = texts.flatMap((text) => text.match(/(?<![A-Za-z0-9])[A-Za-z]{4,}(?![A-Za-z0-9])/g) ?? []);
  return [...new Set(words.filter((w) => !allowed.has(w.toLowerCase())))];
}

function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
  page.on("pageerror", (e) => problems.push(`exception: ${e.message}`));
  return problems;
}

async function chinesePage(browser: import("@playwright/test").Browser, role: E2eRole) {
  const context = await browser.newContext({ storageState: storageStatePath(role), locale: "zh-CN", viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  return { context, page, problems: collectProblems(page) };
}

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-1440x900.png` });
  await page.screenshot({ path: `${SHOTS}/${name}-full.png`, fullPage: true });
}

test("the run page, its sampled verification and judge calibration, and the benchmark page in Chinese", async ({ browser }) => {
  const s = readVerifiedSeed();
  const sampled = readSampledSeed();
  const { context, page, problems } = await chinesePage(browser, "reviewer");
  try {
    await page.goto(`/projects/${sampled.slug}/runs/${sampled.runs["ckpt-100"]}`);
    await expect(page).toHaveTitle(/运行核验/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("运行 ckpt-100");
    await expect(page.getByRole("region", { name: "抽样核验" }).getByRole("heading", { name: "抽样核验" })).toBeVisible();
    await expect(page.getByRole("region", { name: "评判模型校准" })).toBeVisible();
    await expect(page.getByRole("heading", { name: /^全部回合（\d+）$/ })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "运行分析" }).getByRole("link", { name: "与另一次运行对比" })).toBeVisible();
    expect(await englishLeftovers(page)).toEqual([]);
    await shoot(page, "run");

    await page.goto(`/projects/${s.slug}/runs/${s.runId}`);
    await expect(page.getByTestId("automatic-rate")).toContainText("95% 置信区间");
    expect(await englishLeftovers(page)).toEqual([]);

    const benchmark = benchmarkRun();
    await page.goto(`/projects/benchmarks/runs/${benchmark.id}/benchmark`);
    await expect(page).toHaveTitle(/基准结果/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^.+ 的 AndroidLab 结果$/);
    await expect(page.getByRole("region", { name: "差异" })).toBeVisible();
    await expect(page.getByLabel("基准文件")).toBeVisible();
    expect(await englishLeftovers(page, [benchmark.name])).toEqual([]);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
});

test("judge calibration, run comparison, checkpoints and a GRPO group in Chinese", async ({ browser }) => {
  const s = readVerifiedSeed();
  const sampled = readSampledSeed();
  const sp = `/projects/${sampled.slug}`;
  const [a, b] = [sampled.runs["ckpt-100"], sampled.runs["ckpt-200"]];
  const { context, page, problems } = await chinesePage(browser, "reviewer");
  try {
    await page.goto(`${sp}/calibration?by=app`);
    await expect(page).toHaveTitle(/评判模型校准/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("评判模型校准");
    await expect(page.getByRole("navigation", { name: "拆分方式" }).getByRole("link", { name: "按应用" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("judge-calibration").getByRole("columnheader", { name: "精确率" })).toBeVisible();
    expect(await englishLeftovers(page)).toEqual([]);

    await page.goto(`${sp}/runs/compare?a=${a}&b=${b}`);
    await expect(page).toHaveTitle(/对比运行/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("对比两次运行");
    await expect(page.getByTestId("comparison-matching")).toContainText("按回合 ID匹配");
    // Only the chrome: the sampled-verification spec verifies this project's episodes meanwhile.
    await expect(page.getByTestId("comparison-verified").getByRole("heading", { name: "已核验配对（Newcombe 配对区间）" })).toBeVisible();
    await expect(page.getByRole("region", { name: "结果不一致的任务" })).toBeVisible();
    expect(await englishLeftovers(page)).toEqual([]);

    await page.goto(`${sp}/runs/checkpoints?run=${a}&run=${b}`);
    await expect(page).toHaveTitle(/检查点/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("各检查点的步骤准确率与轨迹准确率");
    const chart = page.getByRole("figure", { name: "各检查点的步骤准确率与轨迹准确率" });
    await expect(chart.locator(".recharts-legend-item-text", { hasText: "轨迹准确率" })).toBeVisible();
    expect(await englishLeftovers(page)).toEqual([]);

    await page.goto(`/projects/${s.slug}/groups/${s.groupKey}`);
    await expect(page).toHaveTitle(/GRPO 分组/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`GRPO 分组 ${s.groupKey}`);
    await expect(page.getByTestId("advantage-policy")).toContainText("优势值策略：");
    await expect(page.getByRole("list", { name: "Rollout 列表" })).toContainText("奖励");
    expect(await englishLeftovers(page, [s.groupKey])).toEqual([]);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
});

// Words of pool names the seeds and the authorization matrix's probes give (matrix-delete-…),
// which the authz spec may create in this project while this test runs: data, not chrome.
const POOL_NAMES = ["matrix", "snapshot", "edit", "export", "eval", "delete"];

test("the pools screen and a snapshot's manifest in Chinese", async ({ browser }) => {
  const pools = readPoolsSeed();
  const { context, page, problems } = await chinesePage(browser, "admin");
  try {
    await page.goto("/projects/pools/pools");
    await expect(page).toHaveTitle(/数据池/);
    await expect(page.getByRole("heading", { name: "数据池", level: 1 })).toBeVisible();
    const card = page.getByRole("article", { name: "数据池 matrix-snapshot" });
    await expect(card.getByRole("table", { name: "快照历史" }).getByText("完成", { exact: true })).toBeVisible();
    await expect(card.getByRole("button", { name: "完整导出 matrix-snapshot" })).toBeVisible();
    await expect(page.getByRole("form", { name: "新建数据池" }).getByRole("button", { name: "创建数据池" })).toBeVisible();
    // zh-CN date and time: 2026/12/01 13:05 UTC, never an ISO slice.
    await expect(card.getByRole("table", { name: "快照历史" }).locator("time").first()).toHaveText(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2} UTC$/);
    expect(await englishLeftovers(page, POOL_NAMES)).toEqual([]);
    await shoot(page, "pools");
    await card.getByRole("button", { name: `打开快照 ${pools.snapshotId}` }).click();
    const manifest = card.getByLabel(`${pools.snapshotId} 的清单`);
    await expect(manifest.getByRole("heading", { name: "清单" })).toBeVisible();
    await expect(manifest).toContainText("创建时间");
    expect(await englishLeftovers(page, POOL_NAMES)).toEqual([]);

    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
});

// The "team-metrics" project has every chart (tests/e2e/seed-triage.ts); nothing writes to it.
test("the dashboard's charts, legends and tables in Chinese", async ({ browser }) => {
  const { context, page, problems } = await chinesePage(browser, "reviewer");
  try {
    await page.goto("/projects/team-metrics/dashboard");
    await expect(page.getByRole("heading", { name: "仪表盘", level: 1 })).toBeVisible();
    await expect(page.getByRole("figure", { name: "各质量档的样本数" }).locator(".recharts-cartesian-axis-tick-value", { hasText: "未评分" })).toBeVisible();
    await expect(page.getByRole("figure", { name: "Box pass 中各标注员两两之间的一致性" }).locator(".recharts-legend-item-text", { hasText: "平均 IoU" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Box pass 中的一致性" }).getByRole("columnheader", { name: "标注员配对" })).toBeVisible();
    await page.getByRole("tab", { name: "按应用" }).click();
    await expect(page.getByRole("figure", { name: "按应用的评判与人工裁决对比" }).locator(".recharts-legend-item-text", { hasText: "均为成功" })).toBeVisible();
    await expect(page.getByRole("figure", { name: "每日提交的队列条目数，以及从领取到提交的中位用时（秒）" })).toBeVisible();
    // Queue and annotator names are the data's (tests/e2e/seed-triage.ts).
    expect(await englishLeftovers(page, ["Box pass", "Trace pass", "Honeypot drill", "Ann Lee", "Bo Chen", "Cy Diaz"])).toEqual([]);
    await shoot(page, "dashboard");
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
});
