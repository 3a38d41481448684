// The trajectory screen at a person's window sizes, in both languages (issue 36, items 20 and
// 26), on the "screens" project's 1024x768 trajectory (seed-screens.ts): a wide screenshot
// takes the middle column's width with the agent's words folded beside it; the zoom level is
// remembered per project across steps and a reload; the action's tag stands outside the
// target's box; every action name is in the Chinese catalogue. Nothing here saves an answer.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { storageStatePath } from "./seed-file";
import { readScreensSeed, SCREENS_SLUG } from "./seed-screens-file";

test.use({ storageState: storageStatePath("reviewer") });

const SIZES = [{ width: 1280, height: 720 }, { width: 1440, height: 900 }] as const;
const SHOTS = "test-results/screens/review-screens";
type Rect = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Rect> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not laid out");
  return box;
}

const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function open(page: Page) {
  await page.goto(`/projects/${SCREENS_SLUG}/trajectories/${readScreensSeed().landscapeTrajectory}`);
  await expect(page.getByRole("list", { name: /^(Steps|步骤)$/ })).toBeVisible();
  await expect(page.getByTestId("screenshot-stage")).toHaveAttribute("data-zoom", /\d/);
}

const zoomOf = async (page: Page) => Number(await page.getByTestId("screenshot-stage").getAttribute("data-zoom"));

// Where an image rectangle [x1, y1, x2, y2] is on the page, through the drawn image's box.
async function onPage(page: Page, image: Locator, box: [number, number, number, number]): Promise<Rect> {
  const drawn = await boxOf(image);
  const k = drawn.width / 1024;
  return { x: drawn.x + box[0] * k, y: drawn.y + box[1] * k, width: (box[2] - box[0]) * k, height: (box[3] - box[1]) * k };
}

for (const size of SIZES) {
  test(`at ${size.width}x${size.height} the 1024x768 screenshot takes the middle column's width, its words fold beside it, and the tag stands off the target`, async ({ page }) => {
    await page.setViewportSize(size);
    await open(page);
    const image = page.getByRole("img", { name: "Step 1 screenshot" });
    const column = page.getByTestId("screenshot-column");
    await expect.poll(async () => (await boxOf(image)).width / (await boxOf(column)).width, { message: "the screenshot's share of the column's width" }).toBeGreaterThanOrEqual(0.9);
    const drawn = await boxOf(image);
    expect(drawn.y + drawn.height, "the whole screenshot is in the window").toBeLessThanOrEqual(size.height);
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1), "the page itself does not scroll").toBe(true);
    for (const control of [page.getByRole("button", { name: /^success/ }), page.getByRole("button", { name: /^Submit/ })]) await expect(control).toBeInViewport();

    // The thought and the raw output, in a panel beside the screenshot that folds.
    const output = page.getByTestId("agent-output");
    await expect(output).toContainText("Click the search icon.");
    expect((await boxOf(output)).x, "beside the screenshot, not under it").toBeGreaterThan(drawn.x + drawn.width);
    await output.getByRole("button", { name: "The agent's thought and output" }).click();
    await expect(output).not.toContainText("Click the search icon.");
    await output.getByRole("button", { name: "The agent's thought and output" }).click();
    await expect(output).toContainText("Click the search icon.");

    // The click's tag: outside the 32x28 element it names, at fit and zoomed in.
    const tag = page.getByTestId("action-tag");
    await expect(tag).toHaveText("click");
    expect(overlaps(await boxOf(tag), await onPage(page, image, [504, 302, 536, 330])), "the tag covers the target").toBe(false);
    await page.screenshot({ path: `${SHOTS}/trajectory-landscape-${size.width}x${size.height}.png` });
    const fitted = await zoomOf(page);
    for (let i = 0; i < 4; i++) await page.keyboard.press("+");
    await expect.poll(() => zoomOf(page)).toBeGreaterThan(fitted * 2);
    expect(overlaps(await boxOf(tag), await onPage(page, image, [504, 302, 536, 330])), "the tag covers the target when zoomed").toBe(false);
    await page.screenshot({ path: `${SHOTS}/trajectory-landscape-zoomed-${size.width}x${size.height}.png` });
    // o still hides the drawing and its tags.
    await page.keyboard.press("o");
    await expect(tag).toHaveCount(0);
    await page.keyboard.press("o");
    await page.keyboard.press("0");
  });
}

test("the zoom level is remembered for the project: on the next step, after a reload, until 0 fits again", async ({ page }) => {
  await page.setViewportSize(SIZES[0]);
  await open(page);
  const fitted = await zoomOf(page);
  await page.keyboard.press("+");
  await page.keyboard.press("+");
  await expect.poll(() => zoomOf(page)).toBeGreaterThan(fitted * 1.5);
  const zoomed = await zoomOf(page);
  // The next step (another screenshot of the same size) opens at the same level, centred on its action.
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("img", { name: "Step 2 screenshot" })).toBeVisible();
  await expect.poll(() => zoomOf(page)).toBeCloseTo(zoomed, 3);
  const stage = await boxOf(page.getByTestId("screenshot-stage"));
  const marker = await onPage(page, page.getByRole("img", { name: "Step 2 screenshot" }), [195, 495, 205, 505]);
  expect(overlaps(marker, stage), "the long press is in view").toBe(true);
  await page.reload();
  await expect(page.getByTestId("screenshot-stage")).toHaveAttribute("data-zoom", /\d/);
  await expect.poll(() => zoomOf(page), { message: "the zoom after a reload" }).toBeCloseTo(zoomed, 3);
  await page.keyboard.press("0");
  await expect.poll(() => zoomOf(page)).toBeCloseTo(fitted, 3);
  await page.reload();
  await expect(page.getByTestId("screenshot-stage")).toHaveAttribute("data-zoom", /\d/);
  await expect.poll(() => zoomOf(page)).toBeCloseTo(fitted, 3);
});

test("in Chinese at both sizes: the long press's tag and the panel's title are the catalogue's words", async ({ browser }) => {
  const context = await browser.newContext({ storageState: storageStatePath("reviewer"), locale: "zh-CN" });
  try {
    const page = await context.newPage();
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await open(page);
      await expect(page.getByTestId("action-tag")).toHaveText("点击");
      await expect(page.getByTestId("agent-output").getByRole("button", { name: "智能体的思考与输出" })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/zh-trajectory-landscape-${size.width}x${size.height}.png` });
      await page.keyboard.press("ArrowRight");
      await expect(page.getByTestId("action-tag")).toHaveText("长按");
      const image = page.getByRole("img", { name: "第 2 步截图" });
      expect(overlaps(await boxOf(page.getByTestId("action-tag")), await onPage(page, image, [180, 480, 220, 520]))).toBe(false);
      await page.screenshot({ path: `${SHOTS}/zh-trajectory-long-press-${size.width}x${size.height}.png` });
    }
  } finally {
    await context.close();
  }
});
