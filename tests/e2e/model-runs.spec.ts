// Model runs from the screens, in the loop the product exists for: an admin adds a connection
// to an OpenAI-compatible server (the stand-in, which checks every request as vLLM would and
// demands the key), goes from the sample list's filter to the launch form with "Run a model on
// these N", starts a UI-Venus-1.5 grounding run over ScreenSpot-Pro-layout samples, watches it
// finish, finds the model's answer on the sample's review screen with hit or miss, and starts
// the identical run again: every answer comes from the cache, no request is sent. A judge run
// over an AndroidLab run: its verdicts in triage (where it questions the rule and where it
// contradicts the reviewer) and on the calibration page with TPR and TNR and their bounds; a
// second judge run cancelled while its requests hang and resumed to the end. The quality
// teacher's rewrite used or dismissed. Reviewers may read a run but not steer it; annotators
// are refused the launch form.
import { expect, test, type Page } from "@playwright/test";
import { storageStatePath } from "./seed-file";
import { readModelLoopSeed } from "./seed-model-loop-file";
import { readModelRunsSeed } from "./seed-model-runs-file";
import { startOpenAiStandIn, type OpenAiStandIn } from "../support/openai-stand-in";

const KEY = "sk-e2e-runs-1";
const MODEL = "ui-venus-1.5-7b";
// The demo's samples with a screenshot (its one sample without is left out: it could only fail).
const FILTER = "source=verity-demo&imageMissing=no";
const REWRITE = "Open the display settings from the gear icon";

/** A connection to the stand-in, added as an admin adds one on the connections screen. */
async function addConnection(page: Page, slug: string, name: string, url: string) {
  await page.goto(`/projects/${slug}/models`);
  const add = page.getByRole("form", { name: "New connection" });
  await add.getByLabel("Name", { exact: true }).fill(name);
  await add.getByLabel("Base URL", { exact: true }).fill(url);
  await add.getByLabel("Model name", { exact: true }).fill(MODEL);
  await add.getByLabel("API key", { exact: true }).fill(KEY);
  await add.getByRole("button", { name: "Add connection" }).click();
  await expect(add.getByRole("status")).toHaveText(`Connection ${name} added.`);
}

const figureOf = (page: Page) => (id: string) => page.getByTestId(`run-figure-${id}`).locator("dd");

test.describe("model runs as an admin", () => {
  test.use({ storageState: storageStatePath("admin") });
  let server: OpenAiStandIn;

  test.beforeAll(async () => {
    server = await startOpenAiStandIn({ models: [MODEL], apiKey: KEY, reply: () => ({ content: "[500,500]" }) });
  });
  test.afterAll(async () => {
    await server?.close();
  });

  test("runs a grounding model on ScreenSpot-Pro samples from the list's filter, shows its answers, and a second identical run asks nothing", async ({ page }) => {
    test.setTimeout(300_000);
    const { slug, samples, firstInstruction } = readModelLoopSeed();
    const name = `runs-e2e-${Date.now().toString(36)}`;
    const output = `${name} · ui-venus-1.5-grounding@v1`;
    const filter = "imageMissing=no";
    await addConnection(page, slug, name, server.url);

    // From the filtered list to the launch form, the filter carried along.
    await page.goto(`/projects/${slug}/samples?${filter}`);
    const runThese = page.getByRole("link", { name: `Run a model on these ${samples}` });
    await runThese.click();
    await expect(page).toHaveURL(new RegExp(`/projects/${slug}/models/runs/new\\?`));
    await expect(page.getByTestId("new-run-count")).toHaveText(`${samples} samples match this filter`);
    await expect(page.getByText("The filter: Image is present.")).toBeVisible();

    const launch = page.getByRole("form", { name: "Start a model run" });
    await launch.getByLabel("Connection", { exact: true }).selectOption({ label: `${name} — ${MODEL}` });
    const venus = launch.getByRole("radio", { name: /UI-Venus-1\.5 grounding/ });
    await venus.check();
    await expect(venus).toBeChecked();
    // A template on another coordinate grid is shown, with why it cannot be picked.
    await expect(launch.getByRole("radio", { name: /Qwen2\.5-VL grounding/ })).toBeDisabled();
    await expect(launch).toContainText("the connection is set to relative [0,1000]");
    await expect(launch.getByLabel("Output name (optional)")).toHaveAttribute("placeholder", output);

    // k samples at temperature 0 are refused, naming the field; what was typed stays.
    await launch.getByLabel("Samples per item (k)").fill("3");
    await launch.getByRole("button", { name: "Start the run" }).click();
    await expect(launch.getByRole("alert")).toContainText("temperature must be above 0");
    await expect(launch.locator("#temperature-error")).toContainText("must be above 0 for k > 1 samples");
    await expect(launch.getByLabel("Temperature", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(launch.getByLabel("Samples per item (k)")).toHaveValue("3");
    await page.screenshot({ path: "test-results/screens/model-run-new.png", fullPage: true });

    await launch.getByLabel("Samples per item (k)").fill("1");
    await launch.getByRole("button", { name: "Start the run" }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${slug}/models/runs/[a-z0-9]+$`), { timeout: 30_000 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(output);
    await expect(page.getByTestId("run-progress")).toHaveAttribute("data-status", "succeeded", { timeout: 120_000 });
    const figure = figureOf(page);
    await expect(figure("done")).toHaveText(String(samples));
    await expect(figure("failed")).toHaveText("0");
    await expect(figure("requests")).toHaveText(String(samples));
    await expect(figure("cache-hits")).toHaveText("0");
    await expect(page.getByTestId("run-setting-base-url")).toContainText(server.url);
    await expect(page.getByTestId("run-setting-scope")).toContainText("samples where Image is present");
    await expect(page.getByTestId("run-item-counts")).toHaveText(`${samples} done, 0 failed, 0 pending`);

    // Each item with what the model wrote and what it was read as.
    const items = page.getByRole("table", { name: "Items of this run" });
    await expect(items.getByTestId("run-item")).toHaveCount(samples);
    const first = items.getByTestId("run-item").first();
    await first.getByText(/^Replies \(1\)$/).click();
    await expect(first.locator("pre")).toHaveText("[500,500]");
    await expect(first).toContainText(/Read as: point \(\d/);
    await page.getByTestId("run-template").locator("summary").click();
    await expect(page.getByTestId("run-template").locator("pre").first()).toBeVisible();
    await page.screenshot({ path: "test-results/screens/model-run-page.png", fullPage: true });

    // The model's point on the sample's review screen, beside the imported ones, with hit or miss.
    await items.getByRole("link", { name: firstInstruction }).first().click();
    await expect(page).toHaveURL(new RegExp(`/projects/${slug}/samples/[a-z0-9]+`));
    const crops = page.getByRole("region", { name: "Predictions side by side" });
    await expect(crops.getByTestId(`crop-${output}`)).toContainText(/(hit|miss)$/);

    // The identical run again: every answer is in the cache, nothing is sent.
    await page.goto(`/projects/${slug}/models/runs/new?items=samples&${filter}`);
    const again = page.getByRole("form", { name: "Start a model run" });
    await again.getByLabel("Connection", { exact: true }).selectOption({ label: `${name} — ${MODEL}` });
    await again.getByRole("radio", { name: /UI-Venus-1\.5 grounding/ }).check();
    await again.getByRole("button", { name: "Start the run" }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${slug}/models/runs/[a-z0-9]+$`), { timeout: 30_000 });
    await expect(page.getByTestId("run-progress")).toHaveAttribute("data-status", "succeeded", { timeout: 120_000 });
    await expect(figure("requests")).toHaveText("0");
    await expect(figure("cache-hits")).toHaveText(String(samples));
    await expect(figure("done")).toHaveText(String(samples));
    expect(server.requests).toHaveLength(samples);

    // Both runs in the list, newest first.
    await page.goto(`/projects/${slug}`);
    await page.getByRole("navigation", { name: "Work" }).getByRole("link", { name: "Model runs" }).click();
    const rows = page.getByTestId("model-run-row").filter({ hasText: output });
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText("finished");
    await page.screenshot({ path: "test-results/screens/model-runs-list.png", fullPage: true });

    server.assertClean();
  });
});

test.describe("a judge in the loop as an admin", () => {
  test.use({ storageState: storageStatePath("admin") });
  let server: OpenAiStandIn;
  // The second run's requests wait here until the test has cancelled it.
  let releaseHeld: () => void = () => undefined;
  let held: Promise<void> = Promise.resolve();

  test.beforeAll(async () => {
    const { episodes } = readModelLoopSeed();
    // The judge calls quark_1 a success (as the reviewer did), quark_2 a success (the reviewer
    // settled it a failure) and quark_3 a failure (the rule called it complete).
    const says = (text: string) => (text.includes(episodes.quark_3!.goal) ? "failure" : "success");
    server = await startOpenAiStandIn({
      models: [MODEL], apiKey: KEY,
      reply: async (req) => {
        if ((req.temperature ?? 0) > 0) await held;
        return { content: `Thoughts: the final screen was read.\nStatus: "${says(req.text)}"` };
      },
    });
  });
  test.afterAll(async () => {
    releaseHeld();
    await server?.close();
  });

  test("judges an AndroidLab run on its final keyframes; the verdicts reach triage and calibration; a hung run is cancelled and resumed", async ({ page }) => {
    test.setTimeout(300_000);
    const { slug, runId, episodes } = readModelLoopSeed();
    const name = `judge-e2e-${Date.now().toString(36)}`;
    await addConnection(page, slug, name, server.url);

    // From the run's trajectory list to the launch form.
    await page.goto(`/projects/${slug}/trajectories?run=${runId}`);
    await page.getByRole("link", { name: "Run a model on these 3" }).click();
    const launch = page.getByRole("form", { name: "Start a model run" });
    await expect(page.getByTestId("new-run-count")).toHaveText("3 trajectories match this filter");
    await launch.getByLabel("Connection", { exact: true }).selectOption({ label: `${name} — ${MODEL}` });
    await launch.getByRole("radio", { name: /Outcome judge on the task and the final keyframe/ }).check();
    await launch.getByRole("button", { name: "Start the run" }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${slug}/models/runs/[a-z0-9]+$`), { timeout: 30_000 });
    await expect(page.getByTestId("run-progress")).toHaveAttribute("data-status", "succeeded", { timeout: 120_000 });
    const figure = figureOf(page);
    await expect(figure("done")).toHaveText("3");
    await expect(figure("requests")).toHaveText("3");
    // One image per request: the final keyframe, nothing else.
    expect(server.requests.map((r) => r.images.length)).toEqual([1, 1, 1]);

    // Triage: the judge questions the rule on quark_3 and contradicts the reviewer on quark_2.
    await page.goto(`/projects/${slug}/triage`);
    const candidates = page.getByTestId("triage-candidate");
    await expect(candidates.filter({ hasText: episodes.quark_3!.goal })).toContainText("rule vs judge");
    await expect(candidates.filter({ hasText: episodes.quark_2!.goal })).toContainText("judge vs human");
    await expect(candidates.filter({ hasText: episodes.quark_1!.goal })).toHaveCount(0);
    await page.screenshot({ path: "test-results/screens/model-judge-triage.png", fullPage: true });

    // Calibration: two settled pairs, TPR 1 of 1 and TNR 0 of 1, each with its 95% Wilson bounds.
    await page.goto(`/projects/${slug}/calibration`);
    const row = page.getByTestId("judge-calibration").locator("tbody tr").filter({ hasText: name });
    await expect(row).toContainText("ui-venus-1.5-outcome-judge@v1");
    const rates = row.locator("td").nth(6);
    await expect(rates).toContainText("TPR 1.00 0.21–1.00");
    await expect(rates).toContainText("TNR 0.00 0.00–0.79");
    await expect(row.getByTestId("certification")).toContainText("cannot reach 0.80 at these rates");
    await page.screenshot({ path: "test-results/screens/model-judge-calibration.png", fullPage: true });

    // A second run (sampled at temperature 0.7: new requests) whose replies hang: cancelled from
    // its page, then resumed once the server answers again.
    held = new Promise((resolve) => (releaseHeld = resolve));
    const before = server.requests.length;
    await page.goto(`/projects/${slug}/models/runs/new?items=trajectories&run=${runId}`);
    const second = page.getByRole("form", { name: "Start a model run" });
    await second.getByLabel("Connection", { exact: true }).selectOption({ label: `${name} — ${MODEL}` });
    await second.getByRole("radio", { name: /Outcome judge on the task and the final keyframe/ }).check();
    await second.getByLabel("Temperature", { exact: true }).fill("0.7");
    await second.getByRole("button", { name: "Start the run" }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${slug}/models/runs/[a-z0-9]+$`), { timeout: 30_000 });
    await expect.poll(() => server.requests.length - before, { timeout: 60_000 }).toBeGreaterThan(0);
    await expect(page.getByTestId("run-progress")).toHaveAttribute("data-status", "running");
    await page.getByRole("button", { name: "Cancel run" }).click();
    await expect(page.getByTestId("run-progress")).toHaveAttribute("data-status", "cancelled", { timeout: 60_000 });
    await expect(page.getByTestId("run-item-counts")).toHaveText("0 done, 0 failed, 3 pending");
    releaseHeld();
    await page.getByRole("button", { name: "Resume" }).click();
    await expect(page.getByTestId("run-progress")).toHaveAttribute("data-status", "succeeded", { timeout: 120_000 });
    await expect(page.getByTestId("run-item-counts")).toHaveText("3 done, 0 failed, 0 pending");
    await expect(figure("failed")).toHaveText("0");
    server.assertClean();
  });
});

test.describe("the quality teacher as an admin", () => {
  test.use({ storageState: storageStatePath("admin") });
  let server: OpenAiStandIn;
  test.beforeAll(async () => {
    server = await startOpenAiStandIn({
      models: [MODEL], apiKey: KEY,
      reply: () => ({ content: JSON.stringify({ score: 5, reasons: "the gear icon is the right target but the wording is vague", rewrite: REWRITE }) }),
    });
  });
  test.afterAll(async () => {
    await server?.close();
  });

  test("scores a sample 0-10 with a proposed rewrite that the reviewer uses, keeping the original, or dismisses", async ({ page }) => {
    test.setTimeout(300_000);
    const name = `teacher-e2e-${Date.now().toString(36)}`;
    await addConnection(page, "demo", name, server.url);

    await page.goto(`/projects/demo/models/runs/new?items=samples&${FILTER}&q=display`);
    const launch = page.getByRole("form", { name: "Start a model run" });
    await launch.getByLabel("Connection", { exact: true }).selectOption({ label: `${name} — ${MODEL}` });
    await launch.getByRole("radio", { name: /Quality teacher/ }).check();
    await launch.getByRole("button", { name: "Start the run" }).click();
    await expect(page).toHaveURL(/\/projects\/demo\/models\/runs\/[a-z0-9]+$/, { timeout: 30_000 });
    await expect(page.getByTestId("run-progress")).toHaveAttribute("data-status", "succeeded", { timeout: 120_000 });
    const items = page.getByRole("table", { name: "Items of this run" });
    await items.getByRole("link", { name: "Open the display settings" }).click();
    await expect(page).toHaveURL(/\/projects\/demo\/samples\/[a-z0-9]+/);

    // The teacher's score with its reasons, and its proposal offered, never applied by itself.
    const quality = page.getByRole("region", { name: "Quality score" });
    await expect(quality).toContainText(name);
    await expect(quality).toContainText("the gear icon is the right target but the wording is vague");
    const proposal = quality.getByTestId("proposed-rewrite");
    await expect(proposal).toContainText(REWRITE);
    const rewrite = page.getByRole("textbox", { name: /Rewritten instruction/ });
    await expect(rewrite).toHaveValue("");
    await proposal.getByRole("button", { name: "Use as rewrite" }).click();
    await expect(rewrite).toHaveValue(REWRITE);
    await expect(proposal.getByRole("button", { name: "In your answer" })).toBeDisabled();
    // The original instruction stays as it was, beside the rewrite.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Open the display settings");
    await page.screenshot({ path: "test-results/screens/quality-proposal.png", fullPage: true });

    await proposal.getByRole("button", { name: "Dismiss" }).click();
    await expect(quality.getByTestId("proposed-rewrite")).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("region", { name: "Quality score" }).getByTestId("proposed-rewrite")).toHaveCount(0);
    server.assertClean();
  });
});

test.describe("model runs as a reviewer", () => {
  test.use({ storageState: storageStatePath("reviewer") });

  test("a cancelled run reads as cancelled, with its settings and template, and no button to steer it", async ({ page }) => {
    const { slug, cancelledRunId } = readModelRunsSeed();
    await page.goto(`/projects/${slug}/models/runs/${cancelledRunId}`);
    await expect(page.getByTestId("run-progress")).toHaveAttribute("data-status", "cancelled");
    await expect(page.getByTestId("run-stopped")).toContainText("The run was cancelled with");
    await expect(page.getByTestId("run-setting-connection")).toContainText("seeded-vllm");
    await expect(page.getByTestId("run-setting-scope")).toContainText("all samples of the project");
    await expect(page.getByRole("button", { name: "Resume" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Cancel run" })).toHaveCount(0);
    await page.goto(`/projects/${slug}/models/runs`);
    await expect(page.getByTestId("model-run-row").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Run a model on samples" })).toHaveCount(0);
  });
});

test.describe("model runs as an annotator", () => {
  test.use({ storageState: storageStatePath("annotator") });

  test("the launch form answers 403 and the sample list offers no run", async ({ page }) => {
    const response = await page.goto(`/projects/demo/models/runs/new?items=samples&${FILTER}`);
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
    await expect(page.getByRole("form", { name: "Start a model run" })).toHaveCount(0);
    await page.goto(`/projects/demo/samples?${FILTER}`);
    await expect(page.getByRole("link", { name: /Run a model on these/ })).toHaveCount(0);
  });
});
