// The box editor at a person's window sizes (issue 36, items 22, 23 and 33), on the "screens"
// project (seed-screens.ts): a 2560x1440 screenshot whose target is a 22x25 icon, three
// models' points on and beside it. The labels sit off the icon and off each other and O hides
// them; the three annotators' tags on the adjudication screen stay apart; moving the box
// shows each model's hit or miss against it beside the stored one; and the box is edited
// with the keyboard alone (selected on load, S, E, arrows), the saved draft read back.
import { expect, test, type Page } from "@playwright/test";
import { editorReady, savedAnswer } from "./editor-helpers";
import { readSeed, storageStatePath } from "./seed-file";
import { readScreensSeed, SCREENS_SLUG } from "./seed-screens-file";

test.use({ storageState: storageStatePath("reviewer") });

const SIZES = [{ width: 1280, height: 720 }, { width: 1440, height: 900 }] as const;
const SHOTS = "test-results/screens/review-screens";
type Rect = { x: number; y: number; width: number; height: number };
type Chip = Rect & { key: string };

const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function chipsOf(page: Page): Promise<Chip[]> {
  const raw = (await page.getByTestId("box-editor").getAttribute("data-chips")) ?? "";
  return raw.split(";").filter(Boolean).map((entry) => {
    const [key, x, y, width, height] = entry.split(" ");
    return { key: key!, x: Number(x), y: Number(y), width: Number(width), height: Number(height) };
  });
}

/** An image box in the stage's pixels, through the viewport the editor exposes. */
async function onStage(page: Page, box: [number, number, number, number]): Promise<Rect> {
  const editor = page.getByTestId("box-editor");
  const scale = Number(await editor.getAttribute("data-scale"));
  const ox = Number(await editor.getAttribute("data-offset-x"));
  const oy = Number(await editor.getAttribute("data-offset-y"));
  return { x: ox + box[0] * scale, y: oy + box[1] * scale, width: (box[2] - box[0]) * scale, height: (box[3] - box[1]) * scale };
}

function expectApart(chips: Chip[], keepOff: Rect[]) {
  for (const [i, chip] of chips.entries()) {
    for (const area of keepOff) expect(overlaps(chip, area), `${chip.key} covers ${JSON.stringify(area)}`).toBe(false);
    for (const other of chips.slice(i + 1)) expect(overlaps(chip, other), `${chip.key} on ${other.key}`).toBe(false);
  }
}

for (const size of SIZES) {
  test(`at ${size.width}x${size.height} and fit zoom the labels sit off the 22x25 icon and off each other, and O hides them`, async ({ page }) => {
    await page.setViewportSize(size);
    const { samples, icon } = readScreensSeed();
    await page.goto(`/projects/${SCREENS_SLUG}/samples/${samples.labels}`);
    const editor = await editorReady(page);
    await expect(editor).toHaveAttribute("data-labels", "shown");
    // The box, "imported" and three models' names.
    await expect.poll(async () => (await chipsOf(page)).length).toBe(5);
    expect(Number(await editor.getAttribute("data-scale"))).toBeLessThan(0.4);
    expectApart(await chipsOf(page), [await onStage(page, icon)]);
    await page.screenshot({ path: `${SHOTS}/labels-${size.width}x${size.height}.png` });
    await page.keyboard.press("o");
    await expect(editor).toHaveAttribute("data-labels", "hidden");
    await expect.poll(async () => (await chipsOf(page)).length).toBe(0);
    await expect(page.getByRole("button", { name: "Labels on the screenshot" })).toHaveAttribute("aria-pressed", "false");
    await page.screenshot({ path: `${SHOTS}/labels-hidden-${size.width}x${size.height}.png` });
    await page.keyboard.press("o");
    await expect(editor).toHaveAttribute("data-labels", "shown");
  });
}

test("the adjudication screen's three annotators' tags on one small icon stay apart and off the boxes", async ({ page }) => {
  await page.setViewportSize(SIZES[0]);
  const { adjudication, icon } = readScreensSeed();
  await page.goto(`/projects/${SCREENS_SLUG}/queues/${adjudication.queueId}/adjudicate/${adjudication.queueItemId}`);
  await editorReady(page);
  await expect.poll(async () => (await chipsOf(page)).filter((c) => c.key.startsWith("ref:")).length).toBe(3);
  const answers: [number, number, number, number][] = [[1796, 616, 1818, 641], [1804, 624, 1830, 652], [1790, 628, 1812, 650]];
  // Each tag clear of every answer's box (they overlap one another) and of the icon.
  const keepOff = [await onStage(page, icon), ...(await Promise.all(answers.map((a) => onStage(page, a))))];
  expectApart(await chipsOf(page), keepOff);
  await page.screenshot({ path: `${SHOTS}/adjudication-labels-1280x720.png` });
  // Answer 2 taken as the final box: its tag joins the others, still apart (nothing is submitted).
  await page.keyboard.press("2");
  await expect.poll(async () => (await chipsOf(page)).length).toBe(4);
  expectApart(await chipsOf(page), keepOff);
  await page.screenshot({ path: `${SHOTS}/adjudication-labels-picked-1280x720.png` });
});

test("moving the box shows each model's hit or miss against it beside the stored one, after the draft saved and a reload", async ({ page }) => {
  await page.setViewportSize(SIZES[0]);
  const { samples } = readScreensSeed();
  const { users } = readSeed();
  await page.goto(`/projects/${SCREENS_SLUG}/samples/${samples.live}`);
  await editorReady(page);
  const list = page.getByRole("list", { name: "Model predictions" });
  await expect(list.getByTestId("prediction-alpha-7b")).toHaveText("hit");
  await expect(list.getByTestId("prediction-live-alpha-7b")).toHaveCount(0);
  // The only box is selected on load: Shift+→ moves it 10 px right, past alpha's point (x 1803).
  await page.keyboard.press("Shift+ArrowRight");
  await expect(list.getByTestId("prediction-live-alpha-7b")).toHaveText("against your box: miss");
  await expect(list.getByTestId("prediction-alpha-7b")).toHaveText("hit");
  await expect(list.getByTestId("prediction-live-beta-7b")).toHaveText("against your box: hit");
  await expect(list.getByTestId("prediction-live-gamma-7b")).toHaveText("against your box: miss");
  const crops = page.getByRole("region", { name: "Predictions side by side" });
  await expect(crops.getByTestId("crop-live-alpha-7b")).toHaveText("against your box: miss");
  await expect.poll(() => savedAnswer(samples.live, users.reviewer!.email)?.boxX1).toBe(1810);
  await page.screenshot({ path: `${SHOTS}/live-hit-1280x720.png`, fullPage: true });
  await page.reload();
  await editorReady(page);
  await expect(list.getByTestId("prediction-alpha-7b")).toHaveText("hit");
  await expect(list.getByTestId("prediction-live-alpha-7b")).toHaveText("against your box: miss");
  // Back on the judged box, nothing more to say.
  await page.keyboard.press("Shift+ArrowLeft");
  await expect(list.getByTestId("prediction-live-alpha-7b")).toHaveCount(0);
});

test("keyboard alone: the box is selected on load, S selects it again, E and the arrows move one edge, and the saved draft has it", async ({ page }) => {
  await page.setViewportSize(SIZES[0]);
  const { samples } = readScreensSeed();
  const { users } = readSeed();
  const saved = () => {
    const row = savedAnswer(samples.keys, users.reviewer!.email);
    return row ? [row.boxX1, row.boxY1, row.boxX2, row.boxY2] : null;
  };
  await page.goto(`/projects/${SCREENS_SLUG}/samples/${samples.keys}`);
  const editor = await editorReady(page);
  await expect(editor).toBeFocused();
  await expect(page.getByText("Box 1 selected")).toBeVisible();
  // Whole box: 10 px right, 1 px down.
  await page.keyboard.press("Shift+ArrowRight");
  await page.keyboard.press("ArrowDown");
  await expect.poll(saved).toEqual([1210, 701, 1310, 761]);
  // Esc deselects: the arrows do nothing; S selects the box again.
  await page.keyboard.press("Escape");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("s");
  await expect(page.getByText("Box 1 selected")).toBeVisible();
  // E three times: the right edge. Shift+← 10 px in, ← 1 more; ↑ is across it and does nothing.
  for (const edge of ["left", "top", "right"]) {
    await page.keyboard.press("e");
    await expect(editor).toHaveAttribute("data-edge", edge);
  }
  await expect(page.getByText("← → move its right edge")).toBeVisible();
  await page.keyboard.press("Shift+ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowUp");
  await expect.poll(saved).toEqual([1210, 701, 1299, 761]);
  // Shift+E back to the top edge: ↑ 10 px up.
  await page.keyboard.press("Shift+E");
  await expect(editor).toHaveAttribute("data-edge", "top");
  await page.keyboard.press("Shift+ArrowUp");
  await expect.poll(saved).toEqual([1210, 691, 1299, 761]);
  await page.screenshot({ path: `${SHOTS}/keys-edge-1280x720.png` });
  // Esc gives the arrows back to the whole box.
  await page.keyboard.press("Escape");
  await expect(editor).toHaveAttribute("data-edge", "none");
  await page.keyboard.press("ArrowLeft");
  await expect.poll(saved).toEqual([1209, 691, 1298, 761]);
  // Every one of these keys is in the ? overlay.
  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  for (const text of ["Select the next box", "Select the previous box", "move one edge of the selected box", "Show or hide the labels on the screenshot"]) await expect(help).toContainText(text);
  await page.screenshot({ path: `${SHOTS}/keys-help-1280x720.png` });
});

test("in Chinese at both sizes: the labels switch, the live hit/miss and the new keys in the overlay", async ({ browser }) => {
  const context = await browser.newContext({ storageState: storageStatePath("reviewer"), locale: "zh-CN" });
  try {
    const page = await context.newPage();
    const { samples } = readScreensSeed();
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.goto(`/projects/${SCREENS_SLUG}/samples/${samples.labels}`);
      await editorReady(page);
      await expect(page.getByRole("button", { name: "截图上的标签" })).toHaveAttribute("aria-pressed", "true");
      await page.screenshot({ path: `${SHOTS}/zh-labels-${size.width}x${size.height}.png` });
      await page.keyboard.press("?");
      const help = page.getByRole("dialog", { name: "快捷键" });
      for (const text of ["选中下一个框", "选中上一个框", "方向键依次移动选中框的一条边", "显示或隐藏截图上的标签"]) await expect(help).toContainText(text);
      await page.screenshot({ path: `${SHOTS}/zh-keys-help-${size.width}x${size.height}.png` });
      await page.keyboard.press("Escape");
    }
    const { adjudication } = readScreensSeed();
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.goto(`/projects/${SCREENS_SLUG}/queues/${adjudication.queueId}/adjudicate/${adjudication.queueItemId}`);
      await editorReady(page);
      await page.keyboard.press("1");
      await expect(page.getByTestId("box-row")).toContainText("最终答案");
      await page.screenshot({ path: `${SHOTS}/zh-adjudication-${size.width}x${size.height}.png` });
    }
    // A sample of its own: the English test moves the other one at the same time.
    await page.goto(`/projects/${SCREENS_SLUG}/samples/${samples.liveZh}`);
    await editorReady(page);
    await page.keyboard.press("Shift+ArrowRight");
    await expect(page.getByTestId("prediction-alpha-7b")).toHaveText("命中");
    await expect(page.getByTestId("prediction-live-alpha-7b")).toHaveText("相对你的框：未命中");
    await page.screenshot({ path: `${SHOTS}/zh-live-hit-1440x900.png` });
  } finally {
    await context.close();
  }
});
