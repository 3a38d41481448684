import { expect, test, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { storageStatePath } from "./seed-file";

test.use({ storageState: storageStatePath("reviewer") });

type Row = { id: string; sourceId: string; groupKey: string | null; autoOutcome: number | null; stepCount: number };

function trajectories(dataset: string): Row[] {
  const sqlite = new Database(process.env.DATABASE_URL!.replace(/^file:/, ""), { readonly: true });
  try {
    return sqlite
      .prepare(`SELECT t.id, t.sourceId, t.groupKey, t.autoOutcome, t.stepCount FROM Trajectory t JOIN Project p ON p.id = t.projectId WHERE p.slug = 'runs' AND t.sourceDataset = ? ORDER BY t.id`)
      .all(dataset) as Row[];
  } finally {
    sqlite.close();
  }
}

async function opened(page: Page, id: string) {
  await page.goto(`/projects/runs/trajectories/${id}`);
  await expect(page.getByRole("list", { name: "Steps" })).toBeVisible();
  await page.locator("body").click({ position: { x: 2, y: 2 } });
}

test("the AndroidLab run reviewed by keyboard: quark_3 failed from step 3 raises auto_vs_human, the run reads 1/3 corrected beside 2/3 automatic, and the CSV agrees", async ({ page, request }) => {
  const episodes = trajectories("androidlab");
  expect(episodes).toHaveLength(3);
  for (const episode of episodes) {
    await opened(page, episode.id);
    const isQuark3 = episode.groupKey === "quark_3";
    for (let i = 0; i < episode.stepCount; i++) await page.keyboard.press("c");
    if (isQuark3) {
      // "Step 3" as the screen numbers steps (from 1): index 2.
      await page.keyboard.press("Home");
      for (let i = 0; i < 2; i++) await page.keyboard.press("ArrowRight");
      await page.keyboard.press("w");
      await page.keyboard.press("f");
      // Before submitting, the flag is what the answer would raise; the stored flags are the
      // verified answer's (none yet).
      await expect(page.getByTestId("live-flags")).toContainText("auto vs human");
      await page.screenshot({ path: "test-results/screens/trajectory-quark3.png", fullPage: true });
    } else {
      await page.keyboard.press(episode.autoOutcome ? "s" : "f");
    }
    await page.keyboard.press("Control+Enter");
    await expect(page).not.toHaveURL(new RegExp(episode.id));
  }

  const quark3 = episodes.find((e) => e.groupKey === "quark_3")!;
  await page.goto(`/projects/runs/trajectories/${quark3.id}`);
  await expect(page.getByTestId("mismatch-flags")).toContainText("auto vs human");

  const sqlite = new Database(process.env.DATABASE_URL!.replace(/^file:/, ""), { readonly: true });
  const run = sqlite.prepare(`SELECT r.id, r.projectId FROM EvaluationRun r JOIN Project p ON p.id = r.projectId WHERE p.slug = 'runs' AND r.benchmark = 'androidlab'`).get() as { id: string; projectId: string };
  const saved = sqlite.prepare(`SELECT traceVerdict, firstWrongStep FROM Annotation WHERE trajectoryId = ?`).get(quark3.id);
  sqlite.close();
  expect(saved).toEqual({ traceVerdict: "failure", firstWrongStep: 2 });
  await expect(page.getByRole("region", { name: "Trace verdict" })).toContainText("First wrong step: step 3");

  await page.goto(`/projects/runs/runs/${run.id}`);
  await expect(page.getByTestId("automatic-rate")).toHaveText("66.7% (2/3, 95% CI 20.8%–93.9%)");
  await expect(page.getByTestId("corrected-rate")).toHaveText("33.3% (1/3, 95% CI 6.1%–79.2%)");
  await page.screenshot({ path: "test-results/screens/run-verification.png", fullPage: true });
  const csv = await (await request.get(`/api/projects/${run.projectId}/runs/${run.id}/export?format=csv`)).text();
  // Excel reads it as UTF-8 only with a byte-order mark.
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.trim().split("\r\n");
  expect(lines).toHaveLength(4);
  expect(lines.filter((l) => l.endsWith(",success,success,no"))).toHaveLength(1);
  expect(lines.filter((l) => l.endsWith(",success,failure,yes"))).toHaveLength(1);
  expect(lines.filter((l) => l.endsWith(",failure,failure,no"))).toHaveLength(1);
});

test("a WebVoyager trajectory: stepping through, labelling, element-label overlays and the finish answer", async ({ page }) => {
  const [trajectory] = trajectories("webvoyager");
  await opened(page, trajectory!.id);
  await expect(page.getByText(/element \[\d+\]/).first()).toBeVisible();
  await page.keyboard.press("c");
  await page.keyboard.press("x");
  await page.keyboard.press("1");
  // An error kind moves on as c does, so u labels the third step; l then calls every unlabeled
  // step from there to the last correct (issue 36 item 35).
  await page.keyboard.press("u");
  await page.keyboard.press("l");
  await page.keyboard.press("End");
  await expect(page.getByText(/finish/).first()).toBeVisible();
  await page.screenshot({ path: "test-results/screens/trajectory-webvoyager.png", fullPage: true });
  const sqlite = new Database(process.env.DATABASE_URL!.replace(/^file:/, ""), { readonly: true });
  const last = sqlite.prepare(`SELECT action FROM Step WHERE trajectoryId = ? ORDER BY "index" DESC LIMIT 1`).get(trajectory!.id) as { action: string };
  sqlite.close();
  const answer = JSON.parse(last.action).answer as string;
  await expect(page.getByText(answer.slice(0, 40), { exact: false }).first()).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /Draft saved/ })).toBeVisible({ timeout: 10_000 });
  const db = new Database(process.env.DATABASE_URL!.replace(/^file:/, ""), { readonly: true });
  const stepCount = (db.prepare(`SELECT COUNT(*) AS n FROM Step WHERE trajectoryId = ?`).get(trajectory!.id) as { n: number }).n;
  const saved = db.prepare(`SELECT stepLabels FROM Annotation WHERE trajectoryId = ?`).get(trajectory!.id) as { stepLabels: string };
  db.close();
  const labels = JSON.parse(saved.stepLabels) as { stepIndex: number; label: string; errorKind?: string }[];
  expect(labels.slice(0, 3)).toEqual([{ stepIndex: 0, label: "correct" }, { stepIndex: 1, label: "incorrect", errorKind: "wrong_element" }, { stepIndex: 2, label: "unsure" }]);
  expect(labels.slice(3).map((l) => l.label)).toEqual(Array(stepCount - 3).fill("correct"));
});

test("two sessions saving the same trajectory: the second gets the conflict and keeps its work", async ({ page, context }) => {
  const [, second] = trajectories("webvoyager");
  const other = await context.newPage();
  await opened(page, second!.id);
  await opened(other, second!.id);
  await other.keyboard.press("c");
  await expect(other.getByRole("status").filter({ hasText: /Draft saved/ })).toBeVisible({ timeout: 10_000 });
  await page.keyboard.press("x");
  const conflict = page.getByRole("alert").filter({ hasText: "saved elsewhere" });
  await expect(conflict).toBeVisible({ timeout: 10_000 });
  await conflict.getByRole("button", { name: "Keep mine (save over it)" }).click();
  await expect(page.getByRole("status").filter({ hasText: /Draft saved/ })).toBeVisible({ timeout: 10_000 });
  const sqlite = new Database(process.env.DATABASE_URL!.replace(/^file:/, ""), { readonly: true });
  const row = sqlite.prepare(`SELECT version, stepLabels FROM Annotation WHERE trajectoryId = ?`).get(second!.id) as { version: number; stepLabels: string };
  sqlite.close();
  expect(row.version).toBe(2);
  expect(JSON.parse(row.stepLabels)[0].label).toBe("incorrect");
  await other.close();
});

test("at 1280x720 a phone screenshot fills the window's height and the trace verdict and Submit stay beside it", async ({ page }) => {
  // Read only: nothing is labelled here.
  await page.setViewportSize({ width: 1280, height: 720 });
  const [episode] = trajectories("androidlab");
  await opened(page, episode!.id);
  const screenshot = page.getByRole("img", { name: "Step 1 screenshot" });
  // The screen is the window: nothing needs scrolling into view (trajectory-workspace.spec.ts
  // holds the rest of it, zoom and pan included).
  const box = (await screenshot.boundingBox())!;
  expect(box.height, "the screenshot's height on the page").toBeGreaterThan(720 * 0.6);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  for (const control of [page.getByRole("button", { name: /^success/ }), page.getByRole("button", { name: /^Submit/ })]) {
    const at = (await control.boundingBox())!;
    expect(at.y + at.height, `${await control.textContent()} is above the fold`).toBeLessThanOrEqual(720);
    expect(at.y).toBeGreaterThanOrEqual(0);
  }
  await page.screenshot({ path: "test-results/screens/trajectory-1280x720.png" });
});
