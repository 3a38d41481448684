// The trajectory review screen as a workspace (issue 17, trajectory items), at 1440x900 and
// 1280x720 and in both languages, on the spec's own project (seed-workspace.ts): the phone
// screenshot takes the window's height, zooms and pans with the box editor's keys and the
// wheel; the trace verdict and Submit are in view without scrolling the page; the finish note
// sits beside the screenshot, not over it, and hides on its key; the help fits the window;
// the final screen is the strip's last frame; a step whose screen did not change is flagged
// (in the list's filter too), its change regions drawn, and "redundant" is one key away.
import { expect, test, type Locator, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { storageStatePath } from "./seed-file";

// seed-workspace.ts's project (that module is server-only: the seed imports through the app).
const WORKSPACE_SLUG = "workspace";
test.use({ storageState: storageStatePath("reviewer") });

const SIZES = [{ width: 1440, height: 900 }, { width: 1280, height: 720 }] as const;
const SHOTS = "test-results/screens/trajectory-workspace";

function trajectoryId(taskId: string): string {
  const sqlite = new Database(process.env.DATABASE_URL!.replace(/^file:/, ""), { readonly: true });
  try {
    const row = sqlite
      .prepare(`SELECT t.id FROM Trajectory t JOIN Project p ON p.id = t.projectId WHERE p.slug = ? AND t.sourceId LIKE ?`)
      .get(WORKSPACE_SLUG, `%/${taskId}_%`) as { id: string } | undefined;
    if (!row) throw new Error(`no trajectory ${taskId} in ${WORKSPACE_SLUG}`);
    return row.id;
  } finally {
    sqlite.close();
  }
}

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

async function open(page: Page, taskId: string) {
  await page.goto(`/projects/${WORKSPACE_SLUG}/trajectories/${trajectoryId(taskId)}`);
  await expect(page.getByRole("list", { name: /^(Steps|步骤)$/ })).toBeVisible();
  // The workspace has measured itself against the window.
  await expect(page.getByTestId("screenshot-stage")).toHaveAttribute("data-zoom", /\d/);
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not laid out");
  return box;
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const size of SIZES) {
  test(`at ${size.width}x${size.height} the phone screenshot is the workspace: fills the height, zooms, pans, the finish note beside it, the verdict and Submit in view, the final screen last`, async ({ page }) => {
    const errors = consoleErrors(page);
    await page.setViewportSize(size);
    await open(page, "quark_1");
    const image = page.getByRole("img", { name: "Step 1 screenshot" });
    let shot = await boxOf(image);
    // A 360x640 screenshot fitted to the height left under the header: far more than the
    // 180 px wide it used to be at 1280x720.
    expect(shot.height, "the screenshot's height").toBeGreaterThan(size.height * 0.6);
    expect(shot.width, "the screenshot's width").toBeGreaterThan(size.height * 0.6 * (360 / 640) - 1);
    expect(shot.y + shot.height).toBeLessThanOrEqual(size.height);
    for (const control of [page.getByRole("button", { name: /^success/ }), page.getByRole("button", { name: /^Submit/ })]) {
      const at = await boxOf(control);
      expect(at.y + at.height, `${await control.textContent()} is in view`).toBeLessThanOrEqual(size.height);
      expect(at.y).toBeGreaterThanOrEqual(0);
    }
    expect(await page.evaluate(() => window.scrollY), "nothing scrolled the page").toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1), "the page itself does not scroll").toBe(true);
    await page.screenshot({ path: `${SHOTS}/quark1-step1-${size.width}x${size.height}.png` });

    // Zoom with the editor's keys and the wheel, back with 0; a drag pans.
    const stage = page.getByTestId("screenshot-stage");
    const fitted = Number(await stage.getAttribute("data-zoom"));
    await page.keyboard.press("+");
    await page.keyboard.press("+");
    await expect.poll(async () => Number(await stage.getAttribute("data-zoom"))).toBeGreaterThan(fitted * 1.5);
    expect((await boxOf(image)).width).toBeGreaterThan(shot.width * 1.5);
    const stageBox = await boxOf(stage);
    const before = await boxOf(image);
    await page.mouse.move(stageBox.x + stageBox.width / 2, stageBox.y + stageBox.height / 2);
    await page.mouse.down();
    await page.mouse.move(stageBox.x + stageBox.width / 2 + 60, stageBox.y + stageBox.height / 2 + 40, { steps: 5 });
    await page.mouse.up();
    const after = await boxOf(image);
    expect(Math.round(after.x - before.x)).toBe(60);
    expect(Math.round(after.y - before.y)).toBe(40);
    await page.screenshot({ path: `${SHOTS}/quark1-zoomed-${size.width}x${size.height}.png` });
    await page.keyboard.press("0");
    await expect.poll(async () => Number(await stage.getAttribute("data-zoom"))).toBeCloseTo(fitted, 4);
    await page.mouse.move(stageBox.x + stageBox.width / 2, stageBox.y + stageBox.height / 3);
    await page.mouse.wheel(0, -300);
    await expect.poll(async () => Number(await stage.getAttribute("data-zoom"))).toBeGreaterThan(fitted);
    await page.keyboard.press("0");

    // The finish step: its note beside the screenshot, never over its pixels; i hides it.
    await page.keyboard.press("End");
    const last = page.getByRole("img", { name: "Step 3 screenshot" });
    const note = page.getByTestId("finish-note");
    await expect(note).toContainText("The downloads folder uses 1.2 GB");
    shot = await boxOf(last);
    expect(overlaps(await boxOf(note), shot), "the finish note covers the screenshot").toBe(false);
    expect(shot.height).toBeGreaterThan(size.height * 0.55);
    await page.screenshot({ path: `${SHOTS}/quark1-finish-${size.width}x${size.height}.png` });
    await page.keyboard.press("i");
    await expect(note).toBeHidden();
    await page.keyboard.press("i");
    await expect(note).toBeVisible();

    // After the last step, the final screen: the strip's last frame, no action on it.
    await page.keyboard.press("ArrowRight");
    await expect(page.getByTestId("final-screen-title")).toHaveText("Final screen");
    await expect(page.getByTestId("final-frame")).toHaveAttribute("aria-current", "step");
    const final = page.getByRole("img", { name: "Final screen after the last action" });
    await expect(final).toBeVisible();
    // The end screenshot's own pixels (loaded: its width is the screenshot's, 360).
    await expect.poll(() => final.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(360);
    await expect(page.getByTestId("action-text")).toHaveCount(0);
    await expect(page.getByTestId("action-overlay").locator("*")).toHaveCount(0);
    await expect(page.getByTestId("final-screen-note")).toBeVisible();
    // Nothing to label there: c does not write a label.
    await page.keyboard.press("c");
    await expect(page.getByTestId("labeled-count")).toHaveText("0 of 3 steps labeled");
    await page.screenshot({ path: `${SHOTS}/quark1-final-${size.width}x${size.height}.png` });

    // The help: every key on the screen, inside the window, not clipped.
    await page.keyboard.press("?");
    const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await expect(help).toBeVisible();
    const helpBox = await boxOf(help);
    expect(helpBox.y).toBeGreaterThanOrEqual(0);
    expect(helpBox.y + helpBox.height).toBeLessThanOrEqual(size.height);
    if (size.width >= 1280) expect(await help.evaluate((d) => d.scrollHeight <= d.clientHeight + 1), "the help fits without scrolling").toBe(true);
    for (const text of ["zoom in", "beside the screenshot", "where the screen changed", "label the step redundant"]) await expect(help).toContainText(text);
    await page.screenshot({ path: `${SHOTS}/help-${size.width}x${size.height}.png` });
    await page.keyboard.press("Escape");
    expect(errors).toEqual([]);
  });
}

test("a step whose screen did not change: flagged and filterable, its regions drawn, and labelled redundant with one key", async ({ page }) => {
  const errors = consoleErrors(page);
  await page.setViewportSize(SIZES[1]);
  // The list's flag filter finds exactly the episode with the repeated screen.
  await page.goto(`/projects/${WORKSPACE_SLUG}/trajectories?flag=no_visible_effect`);
  await expect(page.getByText("1 match these filters")).toBeVisible();
  await expect(page.getByRole("link", { name: /Set an alarm for 7 am/ })).toBeVisible();

  await open(page, "clock_1");
  await expect(page.getByTestId("mismatch-flags")).toContainText("no visible effect");
  // Step 1 changed the screen: its regions are outlined, d hides them.
  await expect(page.getByTestId("changed-region").first()).toBeVisible();
  const regions = await page.getByTestId("changed-region").count();
  expect(regions).toBeGreaterThan(0);
  await page.screenshot({ path: `${SHOTS}/clock1-step1-regions.png` });
  await page.keyboard.press("d");
  await expect(page.getByTestId("changed-region")).toHaveCount(0);
  await page.keyboard.press("d");
  await expect(page.getByTestId("changed-region")).toHaveCount(regions);

  // Step 2 (turns 1 and 2 the same screen): no region, the flag, the evidence and its key.
  await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId("no-visible-effect")).toBeVisible();
  await expect(page.getByTestId("changed-region")).toHaveCount(0);
  const evidence = page.getByTestId("no-effect-evidence");
  await expect(evidence).toContainText("The screen did not change after this action.");
  await expect(evidence).toContainText("100.00%");
  await page.screenshot({ path: `${SHOTS}/clock1-step2-evidence.png` });
  await page.keyboard.press("a");
  await expect(page.getByRole("combobox", { name: "Error kind" })).toHaveValue("redundant");
  await expect(page.getByRole("button", { name: /^incorrect/ })).toHaveAttribute("aria-pressed", "true");
  await expect(evidence).toContainText("Labeled redundant.");
  await expect(page.getByRole("status").filter({ hasText: /Draft saved/ })).toBeVisible({ timeout: 10_000 });
  const sqlite = new Database(process.env.DATABASE_URL!.replace(/^file:/, ""), { readonly: true });
  const saved = sqlite.prepare(`SELECT stepLabels FROM Annotation WHERE trajectoryId = ?`).get(trajectoryId("clock_1")) as { stepLabels: string };
  sqlite.close();
  expect(JSON.parse(saved.stepLabels)).toEqual([{ stepIndex: 1, label: "incorrect", errorKind: "redundant" }]);
  // Another step has no such evidence: a does nothing there.
  await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId("no-effect-evidence")).toHaveCount(0);
  await page.keyboard.press("a");
  await expect(page.getByRole("combobox", { name: "Error kind" })).toHaveValue("");
  expect(errors).toEqual([]);
});

test("the screen in Chinese at both sizes: the catalogue's words, the flag and the final screen", async ({ browser }) => {
  const context = await browser.newContext({ storageState: storageStatePath("reviewer"), locale: "zh-CN" });
  try {
    const page = await context.newPage();
    const errors = consoleErrors(page);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await open(page, "quark_1");
      await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
      await expect(page.getByRole("region", { name: "轨迹裁决" })).toBeVisible();
      await expect(page.getByRole("button", { name: /^成功/ })).toBeVisible();
      await expect(page.getByRole("region", { name: "步骤标注" })).toContainText("第 1 步标注");
      await expect(page.getByRole("button", { name: "提交并下一条" })).toBeInViewport();
      await page.screenshot({ path: `${SHOTS}/zh-quark1-${size.width}x${size.height}.png` });
      await page.keyboard.press("End");
      await page.keyboard.press("ArrowRight");
      await expect(page.getByTestId("final-screen-title")).toHaveText("最终画面");
      await page.screenshot({ path: `${SHOTS}/zh-final-${size.width}x${size.height}.png` });
      await page.keyboard.press("?");
      await expect(page.getByRole("dialog", { name: "键盘快捷键" })).toContainText("放大");
      await page.screenshot({ path: `${SHOTS}/zh-help-${size.width}x${size.height}.png` });
      await page.keyboard.press("Escape");
      await open(page, "clock_1");
      await expect(page.getByTestId("mismatch-flags")).toContainText("无可见变化");
      await page.keyboard.press("ArrowRight");
      await expect(page.getByTestId("no-effect-evidence")).toContainText("执行该动作后屏幕没有变化");
      await page.screenshot({ path: `${SHOTS}/zh-clock1-${size.width}x${size.height}.png` });
    }
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
