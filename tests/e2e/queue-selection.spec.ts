// A queue from a hand-picked selection: on the sample and the trajectory list an admin ticks
// rows (one, a shift-click range, select all on the page), "Queue N selected" opens the
// new-queue form with exactly those items, and the queue's page then lists exactly them.
import { expect, test, type Page } from "@playwright/test";
import { storageStatePath } from "./seed-file";

test.use({ storageState: storageStatePath("admin") });

/** The item ids the queue page's item table links to. */
async function queuedIds(page: Page, kind: "samples" | "trajectories"): Promise<string[]> {
  const links = page.getByRole("table", { name: "Queue items" }).getByRole("link");
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  return hrefs.map((href) => new RegExp(`/${kind}/([a-z0-9]+)`).exec(href)?.[1] ?? href).sort();
}

async function createFromForm(page: Page, name: string, expectedText: RegExp) {
  await expect(page.getByTestId("selected-items")).toHaveText(expectedText);
  const form = page.getByRole("form", { name: "New queue" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Honeypots (% of items)").fill("0");
  await form.getByRole("checkbox", { name: /Admin Tester/ }).check();
  await page.screenshot({ path: `test-results/screens/queue-from-selection-${name.split(" ")[1]}.png`, fullPage: true });
  await form.getByRole("button", { name: "Create queue" }).click();
  await expect(page.getByText(`Queue "${name}" created with`)).toBeVisible();
  await page.goto(page.url().replace(/\?.*$/, ""));
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
}

test("samples: a click, a shift-click range and select-all pick cards; the queue holds exactly the picked ones", async ({ page }) => {
  await page.goto("/projects/demo/samples");
  const cards = page.getByRole("list", { name: "Samples" }).getByRole("listitem");
  const boxes = cards.getByRole("checkbox");
  const count = await boxes.count();
  expect(count).toBeGreaterThanOrEqual(4);
  const queueLink = page.getByRole("link", { name: /^Queue \d+ selected$/ });
  await expect(queueLink).toHaveCount(0);

  await boxes.nth(0).click();
  await boxes.nth(3).click({ modifiers: ["Shift"] });
  await expect(queueLink).toHaveText("Queue 4 selected");
  for (let i = 0; i < 4; i++) await expect(boxes.nth(i)).toBeChecked();
  // Shift-click again from the last one unticks the range back to the second card.
  await boxes.nth(1).click({ modifiers: ["Shift"] });
  await expect(queueLink).toHaveText("Queue 1 selected");
  await expect(boxes.nth(0)).toBeChecked();

  const selectAll = page.getByRole("checkbox", { name: "Select all on this page" });
  await selectAll.check();
  await expect(queueLink).toHaveText(`Queue ${count} selected`);
  await selectAll.uncheck();
  await expect(page.getByText("Tick rows to queue them")).toBeVisible();

  await boxes.nth(1).click();
  await boxes.nth(2).click({ modifiers: ["Shift"] });
  const picked = await Promise.all([1, 2].map(async (i) => /\/samples\/([a-z0-9]+)/.exec((await cards.nth(i).getByRole("link").getAttribute("href")) ?? "")![1]!));
  for (const [width, height] of [[1440, 900], [1280, 720]] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `test-results/screens/sample-selection-${width}.png` });
  }
  await queueLink.click();
  await createFromForm(page, "Picked samples", /the 2 grounding samples picked on the list/);
  expect(await queuedIds(page, "samples")).toEqual([...picked].sort());
});

test("trajectories: ticked rows become a queue of exactly those trajectories", async ({ page }) => {
  await page.goto("/projects/demo/trajectories");
  const rows = page.getByRole("table").getByRole("row").filter({ has: page.getByRole("checkbox") });
  expect(await rows.count()).toBeGreaterThanOrEqual(2);
  await rows.nth(0).getByRole("checkbox").click();
  await rows.nth(1).getByRole("checkbox").click({ modifiers: ["Shift"] });
  const picked = await Promise.all([0, 1].map(async (i) => /\/trajectories\/([a-z0-9]+)/.exec((await rows.nth(i).getByRole("link").first().getAttribute("href")) ?? "")![1]!));
  await page.screenshot({ path: "test-results/screens/trajectory-selection-1280.png" });
  await page.getByRole("link", { name: "Queue 2 selected" }).click();
  await createFromForm(page, "Picked trajectories", /the 2 trajectories picked on the list/);
  expect(await queuedIds(page, "trajectories")).toEqual([...picked].sort());
});

test("a selection address that is not a list of ids says so and falls back to filters", async ({ page }) => {
  await page.goto("/projects/demo/queues?itemType=sample&ids=not-an-id");
  await expect(page.getByRole("alert").filter({ hasText: "not a list of item ids" })).toBeVisible();
  await expect(page.getByTestId("selected-items")).toHaveCount(0);
});
