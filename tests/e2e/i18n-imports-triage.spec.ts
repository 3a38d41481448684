// Issue 17 item 7, second part: in a browser that asks for Chinese, the site owner makes a
// project of their own (a server action's success and its refusal, in Chinese), imports a
// Verity JSONL file with a refused line (preview and report frames in Chinese, the refused
// line's file:line kept), queues its triage candidates and opens the triage decision screen,
// all in Chinese. The project is this spec's alone, so no other spec's figures move.
// Screenshots at 1440x900 and 1280x720 go to test-results/i18n-imports-triage/ for a look.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { storageStatePath } from "./seed-file";

const SHOTS = "test-results/i18n-imports-triage";
const SIZES = [{ width: 1440, height: 900 }, { width: 1280, height: 720 }] as const;
// English words the converted screens used to print; none may be left on them in Chinese.
const ENGLISH_FRAMES = /\b(Import|Rejected|records|Created|Updated|Unchanged|Judge|Accept|Override|Decision|Reason|Skip|Impact|Human|decided|success|failure)\b/;

function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
  page.on("pageerror", (e) => problems.push(`exception: ${e.message}`));
  return problems;
}

// Whole pages, but a dialog as the viewport shows it (its backdrop is fixed to the viewport).
async function shoot(page: Page, name: string, { fullPage = true } = {}) {
  mkdirSync(SHOTS, { recursive: true });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS}/${name}-${size.width}x${size.height}.png`, fullPage });
  }
  await page.setViewportSize(SIZES[0]);
}

/** A sample whose judge score sits at the gold threshold, a rollout whose judge and rule verifier disagree, and a line that is not JSON. */
function recordsFile(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "verity-e2e-i18n-"));
  const lines = [
    {
      type: "sample", id: "wifi", dataset: "zh-demo", image: null, image_size: [1080, 2400], instruction: "打开 Wi-Fi 设置", box: [48, 612, 1032, 780],
      verdicts: [{ kind: "mllm", judge: "teacher-72b", metric: "quality_score", value: 6.8 }],
    },
    {
      type: "trajectory", id: "rollout-0", dataset: "zh-rollouts", goal: "打开飞行模式", benchmark: "androidworld", auto_outcome: false,
      steps: [{ image: null, action: { type: "click", x: 540, y: 120 } }, { image: null, action: { type: "finish" } }],
      verdicts: [
        { kind: "rule", judge: "checker", metric: "trace_success", value: false },
        { kind: "mllm", judge: "gpt-judge", metric: "trace_success", value: true },
      ],
    },
    "{not json",
  ];
  const file = path.join(dir, "records.jsonl");
  writeFileSync(file, lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n"));
  return file;
}

test("in Chinese: a project made by a server action, an import with a refused line, and the triage decision screen", async ({ browser }) => {
  const context = await browser.newContext({ storageState: storageStatePath("owner"), locale: "zh-CN", viewport: SIZES[0] });
  const slug = `zh-${Date.now().toString(36)}`;
  try {
    const page = await context.newPage();
    const problems = collectProblems(page);
    const jobPolls: string[] = [];
    page.on("request", (r) => /\/api\/projects\/[a-z0-9]+\/jobs\//.test(r.url()) && jobPolls.push(r.url()));

    // A server action's message and a domain check's refusal, both in the reader's language.
    await page.goto("/projects");
    const create = page.getByRole("form", { name: "新建项目" });
    await create.locator("input[name=name]").fill("中文导入演示");
    await create.locator("input[name=slug]").fill(slug);
    await create.getByRole("button", { name: "创建项目" }).click();
    await expect(create.getByRole("status")).toHaveText(`已创建项目 ${slug}。`);
    await create.locator("input[name=name]").fill("中文导入演示");
    await create.locator("input[name=slug]").fill(slug);
    await create.getByRole("button", { name: "创建项目" }).click();
    await expect(create.getByRole("alert")).toHaveText(`短名称为 ${slug} 的项目已存在。`);
    await shoot(page, "action-error-zh");

    // The import preview: Chinese frames, the refused line's file:line and reason kept.
    await page.goto(`/projects/${slug}/import`);
    await page.locator("input[type=file]:not([webkitdirectory])").setInputFiles(recordsFile());
    const preview = page.getByRole("region", { name: "导入预览" });
    await expect(preview.getByLabel("格式（自动识别）")).toHaveValue("verity-jsonl");
    await expect(preview.getByText(/1 个样本，1 条轨迹，2 个步骤/)).toBeVisible();
    await expect(preview.getByText("1 条记录将被拒绝")).toBeVisible();
    await expect(preview.getByText("前几条被拒绝的记录")).toBeVisible();
    await expect(preview.getByText("records.jsonl:3")).toBeVisible();
    await expect(preview.getByText("目标不存在（应拒答）")).toHaveCount(0);
    await expect(preview.getByText("2 个步骤 · androidworld · 结果：失败")).toBeVisible();
    // The caption of the target box under its drawing, in Chinese (the rollout has no
    // screenshot, so no step is drawn).
    await expect(preview.getByText("框 48, 612, 1032, 780", { exact: true })).toBeVisible();
    await expect(preview.getByText(/^(box|step) /)).toHaveCount(0);
    // Why nothing is drawn, in Chinese too (both records name no screenshot).
    await expect(preview.getByText("该记录未指定图片")).toHaveCount(2);
    await expect(preview.getByText("the record names no image")).toHaveCount(0);
    await shoot(page, "import-preview-zh");

    // The import as a job, and its report with the refused line under a Chinese heading.
    await preview.getByRole("button", { name: "导入 1 个样本，1 条轨迹，1 条评判", exact: true }).click();
    const progress = page.getByRole("region", { name: "导入进度" });
    await expect(progress.getByText("导入完成")).toBeVisible({ timeout: 60_000 });
    const report = page.getByLabel("导入报告");
    await expect(report).toContainText("1 个样本");
    await expect(report).toContainText("1 条轨迹");
    const refused = report.getByRole("group").filter({ hasText: "被拒绝的记录（1）" });
    await expect(refused).toContainText("records.jsonl:3");
    await expect(report.getByRole("navigation", { name: "已导入的内容" })).toContainText("zh-demo 的样本");
    expect(await report.innerText()).not.toMatch(/\b(Created|Updated|Unchanged|Rejected records|Open what was imported)\b/);
    await shoot(page, "import-report-zh");

    // The import screen's own routes refuse in the reader's language too (API v1 keeps English:
    // tests/unit/i18n-said.test.ts); the project id is the one the job poll used.
    const projectId = new URL(jobPolls[0]!).pathname.split("/")[3];
    const missing = await page.request.get(`/api/projects/${projectId}/jobs/zzzzzzzzzzzz`, { headers: { "accept-language": "zh-CN" } });
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: "not_found", message: "没有这个任务。" } });

    // Triage: a queue of both candidates; a second one finds nothing left, said in Chinese by the server.
    await page.goto(`/projects/${slug}/triage`);
    const form = page.getByRole("form", { name: "新建分诊队列" });
    await form.getByLabel("名称").fill("中文分诊");
    await form.getByRole("button", { name: "创建分诊队列" }).click();
    await expect(form.getByRole("status")).toHaveText("已创建分诊队列“中文分诊”，含 2 个条目。");
    await form.getByLabel("名称").fill("再来一个");
    await form.getByRole("button", { name: "创建分诊队列" }).click();
    await expect(form.getByRole("alert")).toHaveText("没有可分诊的内容：符合这些原因的候选项都已处理或已在分诊队列中。");
    await shoot(page, "triage-list-zh");

    // The decision screen: the rollout first (the larger impact), everything around it in Chinese.
    await page.getByRole("button", { name: "开始 中文分诊" }).click();
    await expect(page.getByRole("heading", { name: "分诊决定", level: 1 })).toBeVisible();
    const decision = page.getByRole("region", { name: "决定" });
    await expect(decision).toBeVisible();
    await expect(decision.getByRole("radiogroup", { name: "预设原因" })).toContainText("评判看错了屏幕");
    await expect(page.getByLabel("为何列入此条目")).toBeVisible();
    await expect(page.getByRole("region", { name: "人工答案" })).toContainText("暂无");
    await expect(page).toHaveTitle(/分诊决定/);
    // Override without a reason: refused before anything is sent.
    await page.keyboard.press("o");
    await expect(decision.getByRole("alert")).toHaveText("请先选择原因：按键 1–5。");
    for (const region of ["决定", "为何列入此条目", "人工答案"]) {
      const text = await page.getByLabel(region, { exact: true }).first().innerText();
      // The judge's and verifier's names are data; the frame around them is not English.
      expect(text.replace(/gpt-judge|checker|teacher-72b/g, ""), `region ${region}`).not.toMatch(ENGLISH_FRAMES);
    }
    await shoot(page, "triage-decision-zh");
    await page.keyboard.press("?");
    await expect(page.getByRole("dialog", { name: "键盘快捷键" })).toContainText("采纳评判：保留其判定");
    await shoot(page, "triage-help-zh", { fullPage: false });
    await page.keyboard.press("Escape");

    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
});
