// Issue 17 item 7: a reviewer switches the UI to Chinese from the header's language menu; the
// sample review and the queues pages are then in Chinese, with dates in the zh-CN form, in a
// browser whose own time zone differs from the server's (no hydration error either way); a
// browser that asks for Chinese gets it without choosing; English comes back from the menu.
// Screenshots of both languages at 1440x900 and 1280x720 go to /tmp/h17i-shots for a look.
// Reads the "verified" project (tests/e2e/seed-verified.ts) and changes nothing in it.
import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { storageStatePath } from "./seed-file";
import { readVerifiedSeed } from "./seed-verified-file";

const SHOTS = "/tmp/h17i-shots";
const SIZES = [{ width: 1440, height: 900 }, { width: 1280, height: 720 }] as const;

function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
  page.on("pageerror", (e) => problems.push(`exception: ${e.message}`));
  return problems;
}

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS}/${name}-${size.width}x${size.height}.png` });
  }
  await page.setViewportSize(SIZES[0]);
}

test("a reviewer switches to 中文: sample review and queues in Chinese, dates in zh-CN form, and back", async ({ browser }) => {
  const s = readVerifiedSeed();
  const p = `/projects/${s.slug}`;
  const context = await browser.newContext({ storageState: storageStatePath("reviewer"), locale: "en-US", timezoneId: "America/Los_Angeles", viewport: SIZES[0] });
  try {
    const page = await context.newPage();
    const problems = collectProblems(page);

    await page.goto(`${p}/samples/${s.samples.prediction}`);
    await expect(page.getByRole("heading", { name: "Predictions", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Submit and next" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await shoot(page, "sample-review-en");

    await page.getByRole("combobox", { name: "Language" }).selectOption("zh-CN");
    await expect(page.getByRole("heading", { name: "模型预测", exact: true })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
    await expect(page.getByRole("button", { name: "提交并下一条" })).toBeVisible();
    await expect(page.getByRole("region", { name: "质量评分" })).toBeVisible();
    await expect(page.getByRole("link", { name: "项目", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "退出登录" })).toBeVisible();
    // The reviewer's standing strip: its state label and dates are Chinese too.
    await expect(page.getByTestId("review-status")).not.toContainText(/[A-Za-z]{4,}/);
    await shoot(page, "sample-review-zh");

    // The choice holds on the next page: the queues list and a queue's page.
    await page.goto(`${p}/queues`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/的队列$/);
    await expect(page.getByRole("list", { name: "队列" })).toContainText("已提交");
    await shoot(page, "queues-zh");
    await page.goto(`${p}/queues/${s.queues.dispute}`);
    await expect(page.getByRole("table", { name: "各成员进度" })).toBeVisible();
    // zh-CN dates: 2026年12月1日, never the English "Dec 1, 2026" or an ISO slice.
    await expect(page.locator("header time")).toHaveText(/^\d{4}年\d{1,2}月\d{1,2}日$/);
    await expect(page.getByTestId("queue-status")).toHaveText("开放中");
    await shoot(page, "queue-page-zh");
    await page.goto(`${p}/samples`);
    await expect(page.getByRole("heading", { name: "定位样本", level: 1 })).toBeVisible();
    await expect(page.getByRole("form", { name: "筛选" }).getByRole("combobox", { name: "来源" })).toContainText("全部");
    await shoot(page, "sample-list-zh");
    await page.goto(`${p}/trajectories/${s.trajectories.ruleVsJudge}`);
    await expect(page.getByRole("region", { name: "审核状态" })).toBeVisible();
    await shoot(page, "trajectory-review-zh");

    await page.getByRole("combobox", { name: "语言" }).selectOption("en");
    await expect(page.getByRole("region", { name: "Review standing" })).toBeVisible();
    await shoot(page, "trajectory-review-en");
    await page.goto(`${p}/queues/${s.queues.dispute}`);
    await expect(page.locator("header time")).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await shoot(page, "queue-page-en");
    await page.goto(`${p}/queues`);
    await shoot(page, "queues-en");
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
});

test("a browser that asks for Chinese gets it without choosing, sign-in page included", async ({ browser }) => {
  const context = await browser.newContext({ locale: "zh-CN" });
  try {
    const page = await context.newPage();
    await page.goto("/login");
    await expect(page.getByRole("button", { name: "登录" })).toBeVisible();
    await expect(page.getByLabel("邮箱")).toBeVisible();
    await shoot(page, "login-zh");
  } finally {
    await context.close();
  }
});
