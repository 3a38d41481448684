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
