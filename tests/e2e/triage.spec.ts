// Triage end to end on the "triage" project (tests/e2e/seed-triage.ts): a reviewer sees the
// GRPO rollout ranked first with its impact, makes a triage queue, overrides the judge with
// o + a preset, accepts, skips and re-scores through the queue; the override is in the
// database, the rollout's effective outcome and its group's advantages flip, and the
// dashboard's tier counts move. Annotators get 403.
import { expect, test, type Browser, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { storageStatePath, type E2eRole } from "./seed-file";

test.describe.configure({ mode: "serial" });

const QUEUE = "E2E triage";

function query<T>(sql: string, ...args: unknown[]): T[] {
  const sqlite = new Database(process.env.DATABASE_URL!.replace(/^file:/, ""), { readonly: true });
  try {
    return sqlite.prepare(sql).all(...args) as T[];
  } finally {
    sqlite.close();
  }
}

const trajectoryId = (sourceId: string) => query<{ id: string }>(`SELECT id FROM Trajectory WHERE sourceDataset = 'e2e-triage' AND sourceId = ?`, sourceId)[0]!.id;

// Keys sent before a page has hydrated go nowhere (each decision is a full page load), so every
// key is pressed until the page answers. Repeating never decides twice: a key that moves on is
// pressed again only while the page has not left, and the panel ignores keys while its
// decision is being saved.
async function pressUntilLeaving(page: Page, key: string) {
  const before = page.url();
  await expect(async () => {
    if (page.url() === before) await page.keyboard.press(key);
    await expect(page).not.toHaveURL(before, { timeout: 2_000 });
  }).toPass();
}

async function pressUntil(page: Page, key: string, answered: () => Promise<void>) {
  await expect(async () => {
    await page.keyboard.press(key);
    await answered();
  }).toPass();
}

async function pageAs(browser: Browser, role: E2eRole) {
  const context = await browser.newContext({ storageState: storageStatePath(role) });
  return context.newPage();
}

test("a reviewer sees the GRPO rollout ranked first with its impact and queues the candidates", async ({ browser }) => {
  const page = await pageAs(browser, "reviewer");
  await page.goto("/projects/triage");
  await page.getByRole("link", { name: "Triage" }).click();
  await expect(page.getByRole("heading", { name: "Triage", level: 1 })).toBeVisible();
  const rows = page.getByTestId("triage-candidate");
  await expect(rows).toHaveCount(4);
  // (S, S, F, F) at eta 1, flipping the first: 1 + sqrt 3 = 2.73; then the two-tier sample,
  // the lone rule-vs-judge rollout (1.00) and the sample at the gold threshold (6.8: 0.60).
  await expect(rows.nth(0)).toContainText("Buy blueberries and check out");
  await expect(rows.nth(0)).toContainText("judge vs human");
  await expect(rows.nth(0)).toContainText("GRPO group of 4");
  await expect(rows.nth(0).getByTestId("impact")).toHaveText("2.73");
  await expect(rows.nth(1).getByTestId("impact")).toHaveText("2.00");
  await expect(rows.nth(2)).toContainText("rule vs judge");
  await expect(rows.nth(2).getByTestId("impact")).toHaveText("1.00");
  await expect(rows.nth(3)).toContainText("at a tier threshold");
  await expect(rows.nth(3).getByTestId("impact")).toHaveText("0.60");
  await page.screenshot({ path: "test-results/screens/triage-list.png", fullPage: true });

  const form = page.getByRole("form", { name: "New triage queue" });
  await form.getByLabel("Name").fill(QUEUE);
  await form.getByRole("button", { name: "Create triage queue" }).click();
  await expect(form.getByRole("status")).toContainText(`Triage queue "${QUEUE}" created with 4 items.`);
  await expect(page.getByRole("list", { name: "Triage queues" })).toContainText("0 / 4 decided");
  await expect(rows.nth(0)).toContainText(QUEUE);
});

test("the reviewer works the queue: o + preset overrides, a accepts, n skips, a score override", async ({ browser }) => {
  const page = await pageAs(browser, "reviewer");
  const g1 = trajectoryId("g1");
  await page.goto("/projects/triage/triage");
  await page.getByRole("button", { name: `Start ${QUEUE}` }).click();
  await expect(page).toHaveURL(/\/projects\/triage\/triage\/[a-z0-9]+\?claim=[a-z0-9]+&queue=[a-z0-9]+/);
  await expect(page.getByRole("heading", { name: "Buy blueberries and check out" })).toBeVisible();
  await expect(page.getByTestId("impact")).toHaveText("2.73");
  const group = page.getByRole("region", { name: "GRPO group before and after a flip" });
  await expect(group.getByTestId("flipped-rollout")).toContainText("failure → success");
  await expect(page.getByRole("img", { name: "First screen screenshot" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Override to failure/ })).toBeVisible();
  await page.screenshot({ path: "test-results/screens/triage-decision.png", fullPage: true });
  const firstUrl = page.url();

  // o without a reason asks for one; 3 picks "premature finish"; o overrides and moves on.
  await pressUntil(page, "o", () => expect(page.getByRole("region", { name: "Decision" }).getByRole("alert")).toContainText("Pick a reason first", { timeout: 1_000 }));
  await pressUntil(page, "3", () => expect(page.getByRole("radio", { name: /premature finish/ })).toHaveAttribute("aria-checked", "true", { timeout: 1_000 }));
  await pressUntilLeaving(page, "o");
  await expect(page).not.toHaveURL(firstUrl);
  await expect(page.getByRole("heading", { name: "Tap the bluetooth row" })).toBeVisible();

  const overrides = query<{ valueBool: number; reason: string; email: string }>(
    `SELECT o.valueBool, o.reason, u.email FROM JudgeOverride o JOIN JudgeVerdict v ON v.id = o.verdictId JOIN User u ON u.id = o.userId WHERE v.trajectoryId = ? AND v.kind = 'mllm'`, g1,
  );
  expect(overrides).toEqual([{ valueBool: 0, reason: "premature finish", email: "reviewer@e2e.test" }]);
  const resolved = query<{ status: string; resolution: string }>(`SELECT status, resolution FROM QueueItem WHERE trajectoryId = ?`, g1);
  expect(resolved).toEqual([{ status: "verified", resolution: "triage" }]);
  expect(query(`SELECT 1 FROM AuditLog WHERE action = 'triage.override' AND projectId = (SELECT id FROM Project WHERE slug = 'triage')`)).toHaveLength(1);

  // The sample two tiers apart: accept the judge (no override).
  await pressUntilLeaving(page, "a");
  await expect(page.getByRole("heading", { name: "Turn on the dark theme" })).toBeVisible();
  // The lone rule-vs-judge rollout: skip it.
  await pressUntilLeaving(page, "n");
  await expect(page.getByRole("heading", { name: "Open the fresh fruit aisle" })).toBeVisible();
  // The sample at the threshold: the score field is prefilled across it (7); 2 + o.
  await expect(page.getByLabel("New score (0–10)")).toHaveValue("7");
  await page.screenshot({ path: "test-results/screens/triage-decision-sample.png", fullPage: true });
  await pressUntil(page, "2", () => expect(page.getByRole("radiogroup", { name: "Reason presets" }).getByRole("radio").nth(1)).toHaveAttribute("aria-checked", "true", { timeout: 1_000 }));
  await pressUntilLeaving(page, "o");
  await expect(page).toHaveURL(/\/projects\/triage\/triage\?done=/);
  await expect(page.getByRole("status")).toContainText(`Nothing left for you in ${QUEUE}.`);
  expect(query(`SELECT 1 FROM AuditLog WHERE action = 'triage.accept' AND projectId = (SELECT id FROM Project WHERE slug = 'triage')`)).toHaveLength(1);
  await expect(page.getByRole("list", { name: "Triage queues" })).toContainText("3 / 4 decided");
});

test("the rollout's effective outcome flipped, its group's advantages moved, and the dashboard counts changed", async ({ browser }) => {
  const page = await pageAs(browser, "reviewer");
  await page.goto(`/projects/triage/trajectories/${trajectoryId("g1")}`);
  const judge = page.getByTestId("verdict-judge-72b");
  await expect(judge).toContainText("failure");
  await expect(judge).toContainText("verdict was success, overridden");
  await expect(judge.getByRole("list", { name: "Override history" })).toContainText("premature finish");

  // Only g2 succeeds now: its advantage goes from 0.866 to 1.5.
  await page.goto("/projects/triage/groups/blueberries");
  const cards = page.getByRole("list", { name: "Rollouts" }).getByRole("listitem");
  await expect(cards.getByTestId("advantage").filter({ hasText: /^1\.500/ })).toHaveCount(1);

  // The 6.8 sample was re-scored 7: gold 2 (with the 9), rewrite 0.
  await page.goto("/projects/triage/dashboard");
  const tiers = page.getByRole("list", { name: "Samples per tier" });
  await expect(tiers).toContainText("gold 2");
  await expect(tiers).toContainText("rewrite 0");
  await expect(page.getByRole("figure", { name: "Samples per quality tier" }).locator(".recharts-label-list")).toContainText("2");
});

test("annotators may not triage", async ({ browser }) => {
  const page = await pageAs(browser, "annotator");
  expect((await page.goto("/projects/triage/triage"))?.status()).toBe(403);
  const itemId = query<{ id: string }>(`SELECT qi.id FROM QueueItem qi JOIN Queue q ON q.id = qi.queueId WHERE q.name = ?`, QUEUE)[0]!.id;
  expect((await page.goto(`/projects/triage/triage/${itemId}`))?.status()).toBe(403);
});
