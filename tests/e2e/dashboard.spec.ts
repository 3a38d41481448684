import { expect, test } from "@playwright/test";
import { storageStatePath } from "./seed-file";

test.describe("as a reviewer of the demo project", () => {
  test.use({ storageState: storageStatePath("reviewer") });

  test("the dashboard shows its charts, with the tier chart drawn from the demo's scored samples", async ({ page }) => {
    const response = await page.goto("/projects/demo/dashboard");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    for (const name of ["Review progress", "Quality tiers", "Submissions per day", "Step vs trace accuracy", "Judge vs human"]) {
      await expect(page.getByRole("heading", { name, level: 2 })).toBeVisible();
    }
    const tiers = page.getByRole("figure", { name: "Samples per quality tier" });
    await expect(tiers.locator("svg.recharts-surface")).toBeVisible();
    for (const tier of ["gold", "rewrite", "discard", "unscored"]) {
      await expect(tiers.locator(".recharts-cartesian-axis-tick-value", { hasText: tier })).toBeVisible();
    }
    await expect(tiers.locator(".recharts-bar-rectangle path").first()).toBeVisible();
    await expect(page.getByText("Grounding samples")).toBeVisible();
    await page.screenshot({ path: "test-results/screens/dashboard.png", fullPage: true });
  });
});

test.describe("as an annotator of the demo project", () => {
  test.use({ storageState: storageStatePath("annotator") });

  test("the dashboard answers 403", async ({ page }) => {
    const response = await page.goto("/projects/demo/dashboard");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Quality tiers" })).toHaveCount(0);
  });
});

// The queue charts on the "team-metrics" project (tests/e2e/seed-triage.ts), whose figures
// were counted by hand: nothing else writes to that project.
test.describe("as a reviewer of the team-metrics project", () => {
  test.use({ storageState: storageStatePath("reviewer") });

  test("the queue charts show progress, throughput, honeypot accuracy, agreement and judge vs human by app", async ({ page }) => {
    expect((await page.goto("/projects/team-metrics/dashboard"))?.status()).toBe(200);
    for (const name of ["Queue progress", "Queue throughput", "Honeypot accuracy", "Agreement per queue", "Judge vs human"]) {
      await expect(page.getByRole("heading", { name, level: 2 })).toBeVisible();
    }
    // Box pass: 2 real items x overlap 2, all 4 answered (the honeypot counts in no progress
    // figure); Trace pass: 2 x 3, all 6.
    const progress = page.getByRole("list", { name: "Queue progress" });
    await expect(progress).toContainText("Box pass: 4 of 4 submitted");
    await expect(progress).toContainText("Trace pass: 6 of 6 submitted");
    const progressChart = page.getByRole("figure", { name: "Cumulative submitted share of each queue, last 30 days" });
    await expect(progressChart.locator(".recharts-legend-item-text", { hasText: "Box pass" })).toBeVisible();
    await expect(progressChart.locator(".recharts-line-curve").first()).toBeVisible();

    // 4 + 6 submitted claims on real items in the window (honeypot claims are not throughput).
    await expect(page.getByText(/last 30 days: 10 items, median/)).toBeVisible();
    const throughput = page.getByRole("figure", { name: "Queue items submitted per day and median seconds from claim to submit" });
    await expect(throughput.locator(".recharts-legend-item-text", { hasText: "Items submitted" })).toBeVisible();

    // Ann: the Box pass honeypot right, the drill 1 of 2; Bo: 0 of 1.
    const honeypots = page.getByRole("list", { name: "Honeypot accuracy per annotator" });
    await expect(honeypots).toContainText("Ann Lee: 2 of 3 right (66.7%)");
    await expect(honeypots).toContainText("Bo Chen: 0 of 1 right (0.0%)");
    await expect(page.getByRole("figure", { name: "Honeypot accuracy per annotator" }).locator(".recharts-label-list")).toContainText("2/3");

    // Boxes: IoU 1 and 1/7 -> 0.57; both centres inside both times -> 1.00.
    const boxes = page.getByRole("table", { name: "Agreement in Box pass" });
    await expect(boxes.getByRole("row", { name: /Ann Lee × Bo Chen/ })).toContainText("0.57 (2)");
    await expect(boxes.getByRole("row", { name: /Ann Lee × Bo Chen/ })).toContainText("1.00 (2)");
    await expect(page.getByRole("figure", { name: "Agreement per annotator pair in Box pass" }).locator(".recharts-legend-item-text", { hasText: "Mean IoU" })).toBeVisible();
    // Verdicts (s, f) / (s, f) / (s, s): Ann × Bo agree fully (1.00), Cy agrees by chance (0.00);
    // Fleiss over 3 raters: 0.25 on verdicts, 0.40 on step labels.
    const traces = page.getByRole("table", { name: "Agreement in Trace pass" });
    await expect(traces.getByRole("row", { name: /Ann Lee × Bo Chen/ })).toContainText("1.00 (2)");
    await expect(traces.getByRole("row", { name: /Ann Lee × Cy Diaz/ })).toContainText("0.00 (2)");
    await expect(page.getByText("Fleiss' κ over all 3 raters: trace verdicts 0.25 (2), step labels 0.40 (4).")).toBeVisible();

    // judge-72b right on Settings, wrong on Market: kappa 0 per judge, undefined per app (1 pair).
    const judgeChart = page.getByRole("figure", { name: "Judge vs human verdicts by judge" });
    await expect(judgeChart.locator(".recharts-cartesian-axis-tick-value", { hasText: "judge-72b (κ 0.00)" })).toBeVisible();
    await page.getByRole("tab", { name: "By app" }).click();
    const byApp = page.getByRole("figure", { name: "Judge vs human verdicts by app" });
    await expect(byApp.locator(".recharts-cartesian-axis-tick-value", { hasText: "Settings (κ n/a)" })).toBeVisible();
    await expect(byApp.locator(".recharts-legend-item-text", { hasText: "judge failure, human success" })).toBeVisible();
    await page.screenshot({ path: "test-results/screens/dashboard-queues.png", fullPage: true });
  });
});
