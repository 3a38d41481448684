import { expect, test } from "@playwright/test";
import { storageStatePath } from "./seed-file";

test.use({ storageState: storageStatePath("reviewer") });

test("the sample list filters from the URL and links to reviews", async ({ page }) => {
  await page.goto("/projects/demo");
  await page.getByRole("link", { name: "Review grounding samples" }).click();
  await expect(page.getByRole("heading", { name: "Grounding samples" })).toBeVisible();
  await page.getByLabel("Target").selectOption("yes");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/refusal=yes/);
  // The demo's refusal sample, and any refusal other tests imported meanwhile.
  await expect(page.getByText(/^\d+ match these filters$/)).not.toHaveText("0 match these filters");
  await expect(page.getByRole("list", { name: "Samples" }).getByText("Turn on airplane mode")).toBeVisible();
  await page.screenshot({ path: "test-results/screens/sample-list.png", fullPage: true });
  await page.getByRole("link", { name: "Bulk pass" }).click();
  await expect(page.getByRole("heading", { name: "Bulk pass" })).toBeVisible();
});

test("the bulk pass shows each box up close, and a focused selected card looks both focused and selected", async ({ page }) => {
  // Nothing is decided here: only focus, selection and the view change.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/projects/demo/samples/bulk?refusal=no");
  const cards = page.getByRole("list", { name: "Samples to sweep" }).getByRole("listitem");
  await expect(cards.first()).toHaveAttribute("aria-current", "true");
  await expect(cards.first().locator("[data-view]")).toHaveAttribute("data-view", "around-box");
  // A card is large enough to judge a box: a third of the row at 1440 px.
  expect((await cards.first().boundingBox())!.width).toBeGreaterThan(300);
  await page.keyboard.press(" ");
  await expect(cards.first()).toHaveAttribute("aria-selected", "true");
  await expect(cards.first().getByText("✓ selected")).toBeVisible();
  await expect(cards.first()).toHaveClass(/ring-blue-600/);
  await page.screenshot({ path: "test-results/screens/bulk-pass.png" });
  await page.keyboard.press("z");
  await expect(cards.first().locator("[data-view]")).toHaveAttribute("data-view", "whole");
  await page.keyboard.press(" ");
  await expect(cards.first()).toHaveAttribute("aria-selected", "false");
});

test("a held 'a' in the bulk pass accepts the focused card once, and the focused card is always on screen", async ({ page }) => {
  // Issue 36 items 31-32, in a project of its own (tests/e2e/seed-bulk-pass.ts): it accepts.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/projects/bulkpass/samples/bulk");
  const cards = page.getByRole("list", { name: "Samples to sweep" }).getByRole("listitem");
  await expect(cards).toHaveCount(12);
  await expect(cards.first()).toHaveAttribute("aria-current", "true");
  // One keydown and five auto-repeats 33 ms apart, as a held key sends them.
  await page.keyboard.down("a");
  for (let i = 0; i < 5; i++) {
    await page.waitForTimeout(33);
    await page.keyboard.down("a");
  }
  await page.keyboard.up("a");
  await expect(page.getByText("1 accepted.", { exact: true })).toBeVisible();
  await expect(cards.nth(0)).toHaveAttribute("data-status", "verified");
  await expect(cards.nth(1)).toHaveAttribute("aria-current", "true");
  for (let i = 1; i < 12; i++) await expect(cards.nth(i)).not.toHaveAttribute("data-status", /verified|rejected/);

  // Down the grid to the last row: each focused card is scrolled into view (the arrows move focus, not the page).
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press("ArrowDown");
    await expect(cards.nth(1 + 3 * (i + 1))).toHaveAttribute("aria-current", "true");
    await expect(cards.nth(1 + 3 * (i + 1))).toBeInViewport({ ratio: 1 });
  }
  await page.screenshot({ path: "test-results/screens/bulk-pass-scrolled.png" });
  await page.keyboard.press("a");
  await expect(cards.nth(10)).toHaveAttribute("data-status", "verified");
  await expect(cards.nth(11)).toHaveAttribute("aria-current", "true");
  await expect(cards.nth(11)).toBeInViewport({ ratio: 1 });

  // What the server stored: the two cards accepted, no other.
  await page.reload();
  await expect(cards).toHaveCount(12);
  await expect(page.locator('[data-status="verified"]')).toHaveCount(2);
  await expect(cards.nth(0)).toHaveAttribute("data-status", "verified");
  await expect(cards.nth(10)).toHaveAttribute("data-status", "verified");
});

test("the trajectory list, a GRPO group and the demo run's verification page", async ({ page }) => {
  await page.goto("/projects/demo/trajectories?benchmark=demo-android");
  await expect(page.getByText("4 match these filters")).toBeVisible();
  await page.getByRole("link", { name: "dark-theme" }).first().click();
  await expect(page.getByRole("heading", { name: "GRPO group dark-theme" })).toBeVisible();
  await expect(page.getByTestId("reward")).toHaveCount(2);
  await page.screenshot({ path: "test-results/screens/group.png", fullPage: true });
  // The run from the trajectory list's Run filter (the project home shows only the latest
  // runs, and other specs import runs into the demo project meanwhile).
  await page.goto("/projects/demo/trajectories?benchmark=demo-android");
  const runId = await page.getByLabel("Run").locator("option", { hasText: /^demo-run-1$/ }).getAttribute("value");
  await page.goto(`/projects/demo/runs/${runId}`);
  await expect(page.getByRole("heading", { name: /demo-run-1/ })).toBeVisible();
  await expect(page.getByTestId("automatic-rate")).toContainText("(2/4");
});
