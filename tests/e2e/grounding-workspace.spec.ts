// The grounding review screen as a workspace: at 1440x900 the editor takes the window's width
// (it had about 726x630 px of it in the app's 72rem column), and at 1440x900 and 1280x720 the
// answer controls and Submit are on screen without scrolling, for a reviewer who also sees the
// review standing strip. Drawing a new box keeps the imported one in view, dimmed; snapping
// keys still work. The same screen in Chinese at both sizes, for the eye.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { dragImage, editorReady } from "./editor-helpers";
import { readSeed, storageStatePath } from "./seed-file";

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
] as const;

async function open(browser: Browser, locale: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ storageState: storageStatePath("reviewer"), locale, viewport });
  const page = await context.newPage();
  await page.goto(`/projects/demo/samples/${readSeed().reviewSampleIds.workspace}`);
  await editorReady(page);
  return page;
}

async function expectAllOnScreen(page: Page, submitName: string, absentName: string) {
  await expect(page.getByRole("button", { name: submitName })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole("checkbox", { name: absentName })).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId("box-row").first().getByRole("textbox").last()).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole("heading", { level: 1 })).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // Nothing to scroll to: the workspace ends on screen.
  expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeLessThanOrEqual(0);
}

test("the editor takes the screen's width, and the answer controls and Submit fit at 1440x900 and 1280x720", async ({ browser }) => {
  for (const size of SIZES) {
    const page = await open(browser, "en-US", size);
    const stage = (await page.getByTestId("box-editor-stage").boundingBox())!;
    console.log(`grounding workspace ${size.width}x${size.height}: stage ${Math.round(stage.width)}x${Math.round(stage.height)} px`);
    // The 72rem column less the 22rem side panel left the stage 726 px wide at 1440.
    if (size.width === 1440) expect(stage.width).toBeGreaterThan(1000);
    expect(stage.x + stage.width).toBeLessThanOrEqual(size.width);
    await expectAllOnScreen(page, "Submit and next", "Target absent");
    await page.screenshot({ path: `test-results/screens/grounding-workspace-en-${size.width}.png` });
    await page.context().close();
  }
});

test("redrawing keeps the imported box in view, dimmed, and the snapping key still works", async ({ browser }) => {
  const page = await open(browser, "en-US", SIZES[1]);
  const editor = page.getByTestId("box-editor");
  await expect(editor).toHaveAttribute("data-references", "imported");
  await editor.focus();
  await page.keyboard.press("i");
  await expect(editor).toHaveAttribute("data-snap-to-pixels", "true");
  await dragImage(page, [100.4, 700.4], [500.6, 780.2]);
  const x1 = Number(await page.getByTestId("box-row").first().getByLabel(/x1$/).inputValue());
  expect(Number.isInteger(x1)).toBe(true);
  await expect(editor).toHaveAttribute("data-references", "imported");
  await page.screenshot({ path: "test-results/screens/grounding-workspace-redraw-1280.png" });
  await editor.focus();
  await page.keyboard.press("i");
  await expect(editor).toHaveAttribute("data-snap-to-pixels", "false");
  await page.keyboard.press("Control+z");
  await page.context().close();
});

test("the grounding review screen in Chinese at both sizes, with the editor's words from the catalogue", async ({ browser }) => {
  for (const size of SIZES) {
    const page = await open(browser, "zh-CN", size);
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
    await expect(page.getByRole("toolbar", { name: "标框编辑器工具" })).toBeVisible();
    await expect(page.getByRole("button", { name: "画新框" })).toBeVisible();
    await expect(page.getByRole("region", { name: "标框" })).toContainText("框 1目标");
    await expectAllOnScreen(page, "提交并下一条", "目标不存在");
    await page.keyboard.press("?");
    await expect(page.getByRole("dialog", { name: "快捷键" })).toContainText("选中框移动 1 像素");
    await page.screenshot({ path: `test-results/screens/grounding-workspace-zh-${size.width}.png` });
    await page.keyboard.press("?");
    await page.context().close();
  }
});
