// The grounding editor while a box is redrawn: the imported box stays in view (dimmed), and
// with pixel snapping on (I, or the toolbar) what is drawn lands on whole pixels and the
// saved draft has integer coordinates; the preference outlives a reload.
import { expect, test } from "@playwright/test";
import { boxInputs, dragImage, editorReady, savedAnswer } from "./editor-helpers";
import { storageStatePath } from "./seed-file";
import { readVerifiedSeed } from "./seed-verified-file";

test.use({ storageState: storageStatePath("reviewer"), viewport: { width: 1280, height: 720 } });

test("redrawing a box keeps the imported one in view, and snapping puts the new one on whole pixels", async ({ page }) => {
  const { slug, samples } = readVerifiedSeed();
  await page.goto(`/projects/${slug}/samples/${samples.snap}`);
  await editorReady(page);
  const editor = page.getByTestId("box-editor");
  await editor.focus();
  // The fitted view of a 1280x800 screenshot in a smaller stage: a fractional scale, so a
  // drag without snapping lands between pixels.
  expect(Number(await editor.getAttribute("data-scale"))).not.toBe(1);
  await expect(editor).toHaveAttribute("data-snap-to-pixels", "false");
  await expect(editor).toHaveAttribute("data-references", "imported");
  await page.keyboard.press("i");
  await expect(editor).toHaveAttribute("data-snap-to-pixels", "true");
  await expect(page.getByRole("button", { name: "Snap to pixels" })).toHaveAttribute("aria-pressed", "true");

  await dragImage(page, [600.3, 300.3], [801.7, 420.6]);
  const drawn = await boxInputs(page);
  expect(drawn.every(Number.isInteger), `drawn ${drawn}`).toBe(true);
  drawn.forEach((v, i) => expect(Math.abs(v - [600, 300, 802, 421][i]!)).toBeLessThanOrEqual(2));
  await page.screenshot({ path: "test-results/screens/grounding-redraw-1280.png" });

  // The draft that autosaved is on whole pixels too.
  await expect.poll(() => {
    const saved = savedAnswer(samples.snap, "reviewer@e2e.test");
    return saved ? [saved.boxX1, saved.boxY1, saved.boxX2, saved.boxY2] : null;
  }).toEqual(drawn);
  // Still in view after the draw replaced the editable box.
  await expect(editor).toHaveAttribute("data-references", "imported");
  await page.reload();
  await editorReady(page);
  await expect(page.getByTestId("box-editor")).toHaveAttribute("data-snap-to-pixels", "true");
});

test("two models on one sample side by side with hit and miss, and the list finds it by 'alpha right, beta wrong'", async ({ page }) => {
  const { slug, samples } = readVerifiedSeed();
  await page.goto(`/projects/${slug}/samples?modelRight=alpha-7b&modelWrong=beta-7b`);
  const list = page.getByRole("list", { name: "Samples" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText("Press the Zoom control");
  await list.getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(samples.pair));
  const crops = page.getByRole("region", { name: "Predictions side by side" });
  await expect(crops.getByTestId("crop-alpha-7b")).toContainText("hit");
  await expect(crops.getByTestId("crop-beta-7b")).toContainText("miss");
  await page.screenshot({ path: "test-results/screens/predictions-side-by-side.png", fullPage: true });
});
