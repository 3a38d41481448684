// The benchmark write-back in Chromium, on the "benchmarks" project's AndroidLab run (the
// generated quark_1..3 with a ground_truth_length.json of 3, 4 and 3 steps): a reviewer
// verifies quark_3 as failed with its sub-goal "1" unmet on keys, then downloads the corrected
// total.jsonl and output.xlsx from the run's benchmark page. Worked out by hand: quark_1 (3
// steps) and quark_3 (4 steps) complete, RRR 3/3 and 3/4; every screen differs, so each ROR is
// 1.0. Corrected, quark_3 is incomplete with no check point met: 1 of 3 complete, partial
// credit 1 + 0.0 + 0.0, RRR only quark_1's 1.0.
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { storageStatePath } from "./seed-file";
import { readXlsxRows } from "../support/read-xlsx";

test.use({ storageState: storageStatePath("reviewer") });

function ids() {
  const sqlite = new Database(process.env.DATABASE_URL!.replace(/^file:/, ""), { readonly: true });
  try {
    const run = sqlite.prepare(`SELECT r.id, r.name FROM EvaluationRun r JOIN Project p ON p.id = r.projectId WHERE p.slug = 'benchmarks'`).get() as { id: string; name: string };
    const quark3 = sqlite.prepare(`SELECT id FROM Trajectory WHERE runId = ? AND groupKey = 'quark_3'`).get(run.id) as { id: string };
    return { run, quark3: quark3.id };
  } finally {
    sqlite.close();
  }
}

test("quark_3 verified as failed with a sub-goal unmet: the corrected total.jsonl and output.xlsx from the run page hold the hand-computed figures", async ({ page }) => {
  const { run, quark3 } = ids();
  await page.goto(`/projects/benchmarks/runs/${run.id}/benchmark`);
  await expect(page.getByTestId("androidlab-sr-original")).toHaveText("66.7% (2/3, 95% CI 20.8%–93.9%)");

  await page.goto(`/projects/benchmarks/trajectories/${quark3}`);
  await expect(page.getByRole("list", { name: "Steps" })).toBeVisible();
  await page.locator("body").click({ position: { x: 2, y: 2 } });
  const goal = page.getByTestId("sub-goal-1");
  await expect(goal).toContainText("evaluator: met");
  await page.keyboard.press("h");
  await expect(goal.getByRole("button", { name: "Sub-goal 1: met" })).toBeVisible();
  await page.keyboard.press("h");
  await expect(goal.getByRole("button", { name: "Sub-goal 1: unmet" })).toBeVisible();
  // A success with a check point unmet is refused: AndroidLab's convention.
  await page.keyboard.press("s");
  await expect(page.getByText("sub-goal 1 is marked unmet, so the trace cannot be a success")).toBeVisible();
  await page.keyboard.press("f");
  await page.screenshot({ path: "test-results/screens/sub-goal-checklist.png", fullPage: true });
  await page.keyboard.press("Control+Enter");
  await expect(page).not.toHaveURL(new RegExp(quark3));

  await page.goto(`/projects/benchmarks/runs/${run.id}/benchmark`);
  await expect(page.getByTestId("androidlab-sr-corrected")).toHaveText("33.3% (1/3, 95% CI 6.1%–79.2%)");
  await expect(page.getByTestId("androidlab-changed")).toContainText("quark_3: complete, 1, RRR");
  // One number format per column (issue 36 item 11): a rate reads 1.0000 beside 0.3333, the count a whole number.
  await expect(page.getByTestId("corrected-quark-RRR")).toHaveText("1.0000");
  await expect(page.getByTestId("corrected-quark-Acc")).toHaveText("0.3333");
  await expect(page.getByTestId("corrected-quark-Complete_Correct")).toHaveText("1");
  // At 1280 px the per-app table scrolls inside its card; the page itself does not widen.
  await page.setViewportSize({ width: 1280, height: 720 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await page.screenshot({ path: "test-results/screens/benchmark-androidlab.png", fullPage: true });

  const files = page.getByRole("region", { name: "Benchmark files" }).or(page.getByLabel("Benchmark files"));
  const [total] = await Promise.all([page.waitForEvent("download"), files.getByRole("link", { name: "total.jsonl", exact: true }).first().click()]);
  expect(total.suggestedFilename()).toBe("total.jsonl");
  expect(await readFile((await total.path())!, "utf8")).toBe(
    '{"App": "quark", "Acc": 0.3333333333333333, "Total": 3, "Complete_Correct": 1, "Sum_Partial_Acc": 1.0, "Partial_Acc": 0.3333333333333333, "RRR": 1.0, "Sum_RRR": 1.0, "reasonable_operation_ratio": 1.0, "Sum_reasonable_operation_ratio": 3.0}\n',
  );
  const [xlsx] = await Promise.all([page.waitForEvent("download"), files.getByRole("link", { name: "output.xlsx", exact: true }).first().click()]);
  // 100 * 1 / 138 for Complete_Correct and Sum_Partial_Acc, 100 * 1.0 / 1 for Sum_RRR, 100 * 3.0 / 138 for the ratio.
  expect(await readXlsxRows(await readFile((await xlsx.path())!))).toEqual([
    [null, "agent_name", "App", "Total", "Complete_Correct", "Sum_Partial_Acc", "Sum_RRR", "Sum_reasonable_operation_ratio", "Acc", "correct"],
    [0, run.name, 1, 3, 0.7246376811594203, 0.7246376811594203, 100, 2.1739130434782608, 0.3333333333333333, 1],
  ]);
});

test("annotators cannot open the benchmark page or its files", async ({ browser }) => {
  const { run } = ids();
  const context = await browser.newContext({ storageState: storageStatePath("annotator") });
  const page = await context.newPage();
  expect((await page.goto(`/projects/benchmarks/runs/${run.id}/benchmark`))?.status()).toBe(403);
  await context.close();
});
