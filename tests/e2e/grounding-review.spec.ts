import { expect, test, type Page } from "@playwright/test";
import { boxInputs, dragImage, editorReady, savedAnswer } from "./editor-helpers";
import { readSeed, storageStatePath } from "./seed-file";

test.use({ storageState: storageStatePath("reviewer") });

const within1px = (actual: number[], expected: number[]) => {
  expect(actual).toHaveLength(4);
  actual.forEach((v, i) => expect(Math.abs(v - expected[i]!), `coordinate ${i}: ${v} vs ${expected[i]}`).toBeLessThanOrEqual(1));
};

async function drawResizeNudgeUndoRedo(page: Page, box: [number, number, number, number], grow: number) {
  const [x1, y1, x2, y2] = box;
  await dragImage(page, [x1, y1], [x2, y2]);
  within1px(await boxInputs(page), [x1, y1, x2, y2]);
  // Resize by the south-east handle.
  await dragImage(page, [x2, y2], [x2 + grow, y2 + grow]);
  within1px(await boxInputs(page), [x1, y1, x2 + grow, y2 + grow]);
  // Nudge: 3 px right, then 10 px down.
  await page.getByTestId("box-editor").focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Shift+ArrowDown");
  within1px(await boxInputs(page), [x1 + 3, y1 + 10, x2 + grow + 3, y2 + grow + 10]);
  await page.keyboard.press("Control+z");
  within1px(await boxInputs(page), [x1 + 3, y1, x2 + grow + 3, y2 + grow]);
  await page.keyboard.press("Control+Shift+z");
  within1px(await boxInputs(page), [x1 + 3, y1 + 10, x2 + grow + 3, y2 + grow + 10]);
  return [x1 + 3, y1 + 10, x2 + grow + 3, y2 + grow + 10];
}

test("draw, resize, nudge, undo and redo at zoom 1 on a real screenshot; the saved box is within 1 px", async ({ page }) => {
  const { reviewSampleIds, users } = readSeed();
  await page.goto(`/projects/demo/samples/${reviewSampleIds.zoom1}`);
  await editorReady(page);
  await page.getByTestId("box-editor").focus();
  await page.keyboard.press("1");
  await expect(page.getByTestId("box-editor")).toHaveAttribute("data-scale", "1");
  const expected = await drawResizeNudgeUndoRedo(page, [200, 560, 400, 640], 40);
  await page.screenshot({ path: "test-results/screens/review-zoom1.png", fullPage: true });
  await page.keyboard.press("Control+Enter");
  await expect(page).not.toHaveURL(new RegExp(reviewSampleIds.zoom1));
  const saved = savedAnswer(reviewSampleIds.zoom1, users.reviewer!.email)!;
  expect(saved.status).toBe("submitted");
  within1px([saved.boxX1, saved.boxY1, saved.boxX2, saved.boxY2], expected);
});

test("the ? overlay lists the screen's own keys beside the editor's, and Submit shows its shortcut", async ({ page }) => {
  // Issue 36 item 34: the overlay listed only the editor's keys; Submit showed no shortcut. Nothing is saved here.
  const { reviewSampleIds } = readSeed();
  await page.goto(`/projects/demo/samples/${reviewSampleIds.zoom1}`);
  await editorReady(page);
  await expect(page.getByTestId("grounding-submit-area").getByRole("button", { name: /Submit/ })).toContainText("Ctrl+Enter");
  await page.getByTestId("box-editor").focus();
  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toBeVisible();
  const screenRows = help.locator("[data-screen-key]");
  await expect(screenRows).toHaveCount(3);
  await expect(screenRows.nth(0)).toContainText("Ctrl+Enter");
  await expect(screenRows.nth(0)).toContainText(/Submit the answer/);
  await expect(screenRows.nth(1)).toContainText("j / ]");
  await expect(screenRows.nth(2)).toContainText("k / [");
  await page.screenshot({ path: "test-results/screens/grounding-help-overlay.png" });
  await page.keyboard.press("Escape");
  await expect(help).toHaveCount(0);
});

test("the same at zoom 2.4 (four zoom-in steps)", async ({ page }) => {
  const { reviewSampleIds, users } = readSeed();
  await page.goto(`/projects/demo/samples/${reviewSampleIds.zoom25}`);
  await editorReady(page);
  await page.getByTestId("box-editor").focus();
  await page.keyboard.press("1");
  for (let i = 0; i < 4; i++) await page.keyboard.press("+");
  const scale = Number(await page.getByTestId("box-editor").getAttribute("data-scale"));
  expect(scale).toBeGreaterThan(2.3);
  const expected = await drawResizeNudgeUndoRedo(page, [300, 600, 360, 640], 10);
  await page.getByRole("button", { name: "Submit and next" }).click();
  await expect(page).not.toHaveURL(new RegExp(reviewSampleIds.zoom25));
  const saved = savedAnswer(reviewSampleIds.zoom25, users.reviewer!.email)!;
  within1px([saved.boxX1, saved.boxY1, saved.boxX2, saved.boxY2], expected);
});

test("target absent, a quality override that changes the tier, and an instruction rewrite kept beside the original", async ({ page }) => {
  const { reviewSampleIds, users } = readSeed();
  await page.goto(`/projects/demo/samples/${reviewSampleIds.absent}`);
  await editorReady(page);
  await expect(page.getByTestId("tier")).toHaveText("effective 8 → gold (judge)");

  const override = page.getByRole("form", { name: "Override teacher-72b" });
  await override.getByLabel("New score").fill("3");
  await override.getByLabel("Reason").fill("Box is loose or wrong");
  await override.getByRole("button", { name: "Override" }).click();
  await expect(page.getByTestId("tier")).toHaveText("effective 3 → discard (overridden judge)");
  await expect(page.getByRole("list", { name: "Override history" })).toContainText("3 — Box is loose or wrong");

  await page.getByLabel("Rewritten instruction").fill("Tap the gear icon at the top right");
  await page.getByLabel("Target absent").check();
  await expect(page.getByRole("status").filter({ hasText: /Draft saved/ })).toBeVisible({ timeout: 10_000 });
  await page.screenshot({ path: "test-results/screens/review-absent.png", fullPage: true });
  await page.reload();
  await editorReady(page);
  await expect(page.getByRole("heading", { name: "Open the settings gear" })).toBeVisible();
  await expect(page.getByLabel("Rewritten instruction")).toHaveValue("Tap the gear icon at the top right");
  await page.keyboard.press("Control+Enter");
  await expect(page).not.toHaveURL(new RegExp(reviewSampleIds.absent));
  const saved = savedAnswer(reviewSampleIds.absent, users.reviewer!.email)!;
  expect(saved).toMatchObject({ status: "submitted", targetAbsent: 1, boxX1: null, instructionRewrite: "Tap the gear icon at the top right" });
});

test("a save over a newer version from another tab is refused and explained, and keeping mine resolves it", async ({ page, context }) => {
  const { reviewSampleIds } = readSeed();
  const url = `/projects/demo/samples/${reviewSampleIds.zoom1}`;
  const other = await context.newPage();
  await page.goto(url);
  await other.goto(url);
  await editorReady(page);
  await editorReady(other);

  await other.getByLabel("Rewritten instruction").fill("from the other tab");
  await expect(other.getByRole("status").filter({ hasText: /saved|Submitted/ })).toBeVisible({ timeout: 10_000 });
  await page.getByLabel("Rewritten instruction").fill("from this tab");
  const conflict = page.getByRole("alert").filter({ hasText: "saved elsewhere" });
  await expect(conflict).toBeVisible({ timeout: 10_000 });
  await page.screenshot({ path: "test-results/screens/review-conflict.png", fullPage: true });
  await conflict.getByRole("button", { name: "Keep mine (save over it)" }).click();
  await expect(page.getByRole("status").filter({ hasText: /Draft saved/ })).toBeVisible({ timeout: 10_000 });
  await other.close();
});
