// Issue 18 in the "sampled" project (tests/e2e/seed-sampled.ts): a run of 300 episodes whose
// MLLM judge is biased; an admin draws a uniform sample of 40 on the run page and queues it, a
// reviewer verifies the 40 through the queue, and the page shows the prediction-powered
// estimate and interval that tests/unit/estimates/sampled-e2e-figures.test.ts computes for the
// same data, with the judge as its predictor too, and the Rogan–Gladen rate beside it; "How
// many more?" queues exactly the episodes it names; the comparison with the
// next checkpoint, the judge calibration and the checkpoint chart; annotators see none of it.
import { expect, test, type Page } from "@playwright/test";
import { closePages, pageAs, query } from "./verified-support";
import { readSampledSeed } from "./seed-sampled-file";
import { CHECKPOINTS, SAMPLE_SEED, SAMPLE_SIZE } from "../support/sampled-e2e";
import { SAMPLED_E2E_FIGURES as FIGURES } from "../support/sampled-e2e-figures";

test.describe.configure({ mode: "serial" });
test.afterEach(closePages);

const seed = readSampledSeed;
const runPage = (name: string) => `/projects/${seed().slug}/runs/${seed().runs[name]}`;
const truth = new Map(CHECKPOINTS[0]!.episodes.map((e) => [`ckpt-100/${e.task}`, e.human]));

async function checkMember(page: Page, form: string, name: string) {
  await page.getByRole("form", { name: form }).getByRole("checkbox", { name: new RegExp(name) }).check();
}

test("an admin draws 40 of 300, a reviewer verifies them through the queue, and the run page shows the estimate the unit test computes", async ({ browser }) => {
  test.setTimeout(360_000);
  const admin = await pageAs(browser, "admin");
  await admin.goto(runPage("ckpt-100"));
  const section = admin.getByRole("region", { name: "Sampled verification" });
  await expect(section.getByText("Verify a random sample instead of all 300 episodes")).toBeVisible();
  const form = admin.getByRole("form", { name: "Draw a verification sample" });
  await form.getByLabel("Design").selectOption("uniform");
  await form.getByLabel("Episodes to draw (of 300)").fill(String(SAMPLE_SIZE));
  await form.getByLabel("Seed (optional)").fill(SAMPLE_SEED);
  await checkMember(admin, "Draw a verification sample", seed().names.reviewer);
  await section.screenshot({ path: "test-results/screens/sampled-draw-form.png" });
  await form.getByRole("button", { name: "Draw and queue" }).click();
  // The page now shows the sample in place of the form.
  await expect(admin.getByRole("list", { name: "Rounds drawn" })).toContainText("Round 1: 40 episodes drawn by");
  await expect(admin.getByRole("list", { name: "Rounds drawn" })).toContainText("40 queued in ckpt-100 · sample round 1");

  const reviewer = await pageAs(browser, "reviewer");
  await reviewer.goto(`/projects/${seed().slug}/queues`);
  await reviewer.getByRole("button", { name: "Start ckpt-100 · sample round 1" }).click();
  for (let i = 0; i < SAMPLE_SIZE; i++) {
    await expect(reviewer).toHaveURL(/\/trajectories\/[a-z0-9]+\?claim=/);
    const id = new URL(reviewer.url()).pathname.split("/").pop()!;
    await expect(reviewer.getByRole("list", { name: "Steps" })).toBeVisible();
    await reviewer.locator("body").click({ position: { x: 2, y: 2 } });
    const sourceId = query<{ sourceId: string }>(`SELECT sourceId FROM Trajectory WHERE id = ?`, id)[0]?.sourceId ?? "";
    const success = truth.get(sourceId);
    if (success === undefined) throw new Error(`${sourceId} is not an episode of ckpt-100`);
    // The verdict key first, pressed until the page answers: keys sent before the page has
    // hydrated go nowhere, and setting a verdict twice changes nothing. Then the steps.
    const verdict = reviewer.getByRole("group", { name: "Trace verdict" }).getByRole("button", { name: success ? /^success/ : /^failure/ });
    await expect(async () => {
      await reviewer.keyboard.press(success ? "s" : "f");
      await expect(verdict).toHaveAttribute("aria-pressed", "true", { timeout: 1_000 });
    }).toPass();
    for (const key of success ? ["c", "c"] : ["c", "x"]) await reviewer.keyboard.press(key);
    await expect(reviewer.getByText("2 of 2 steps labeled")).toBeVisible();
    await reviewer.keyboard.press("Control+Enter");
    await expect(reviewer).not.toHaveURL(new RegExp(`/trajectories/${id}`));
  }
  await expect(reviewer).toHaveURL(/\/queues\?done=/);
  expect(query(`SELECT COUNT(*) AS n FROM VerificationUnit u JOIN Trajectory t ON t.id = u.trajectoryId WHERE u.round = 1 AND t.runId = ? AND t.status = 'verified'`, seed().runs["ckpt-100"])).toEqual([{ n: SAMPLE_SIZE }]);

  await reviewer.goto(runPage("ckpt-100"));
  await expect(reviewer.getByTestId("ppi-estimate")).toHaveText(FIGURES.first.estimate);
  await expect(reviewer.getByTestId("ppi-interval")).toHaveText(FIGURES.first.interval);
  await expect(reviewer.getByTestId("ppi-model-interval")).toHaveText(FIGURES.first.modelInterval);
  await expect(reviewer.getByTestId("sample-verified-only")).toHaveText(FIGURES.first.verifiedOnly);
  await expect(reviewer.getByTestId("sample-verified-only-interval")).toHaveText(FIGURES.first.verifiedOnlyInterval);
  await expect(reviewer.getByTestId("sample-automatic")).toHaveText(FIGURES.first.automatic);
  await expect(reviewer.getByTestId("sample-facts")).toContainText(`seed ${SAMPLE_SEED} · 40 of 300 episodes drawn in 1 round · 40 verified, 0 waiting`);
  await expect(reviewer.getByTestId("how-many-more")).toContainText(`${FIGURES.first.howManyMore} more sampled episodes`);
  // A reviewer sees the plan but cannot queue it.
  await expect(reviewer.getByRole("button", { name: /Queue these/ })).toHaveCount(0);
  await expect(reviewer.getByTestId("outside-sample")).toHaveCount(0);
  await reviewer.getByRole("region", { name: "Sampled verification" }).screenshot({ path: "test-results/screens/sampled-estimate.png" });

  // The run's judge as the predictor, chosen in the page's address: here the automatic outcome
  // is that judge's verdict, so the estimate is the same; the Rogan–Gladen rate stands beside it.
  const sampled = reviewer.getByRole("region", { name: "Sampled verification" });
  const picker = sampled.getByRole("form", { name: "Predictor of the sampled estimate" });
  await picker.getByLabel("Predictor").selectOption({ label: "judge-72b · trace-v3 — judged 300 of 300 episodes" });
  await picker.getByRole("button", { name: "Use" }).click();
  await expect(reviewer).toHaveURL(/predictor=judge%3Ajudge-72b%2Ftrace-v3/);
  await expect(sampled.getByTestId("ppi-estimate")).toHaveText(FIGURES.first.estimate);
  await expect(sampled.getByTestId("sample-automatic")).toHaveText(FIGURES.first.automatic);
  await expect(sampled).toContainText("Rate of judge-72b · trace-v3 (all 300)");
  await expect(sampled.getByTestId("rogan-gladen")).toHaveText(/^\d+\.\d%/);
  await expect(sampled.getByTestId("rogan-gladen-rates")).toContainText("from 40 verified pairs");
  await sampled.screenshot({ path: "test-results/screens/sampled-judge-predictor.png" });
  // A predictor the run does not offer: said, and the automatic outcome's estimate instead.
  await reviewer.goto(`${runPage("ckpt-100")}?predictor=judge%3Anobody`);
  await expect(sampled.getByRole("alert")).toContainText("This run offers no predictor “judge:nobody”");
  await expect(sampled.getByTestId("ppi-estimate")).toHaveText(FIGURES.first.estimate);
});

test("“How many more?” follows the target, and its button queues exactly the episodes it names", async ({ browser }) => {
  const admin = await pageAs(browser, "admin");
  await admin.goto(runPage("ckpt-100"));
  const planner = admin.getByRole("region", { name: "How many more" });
  await expect(planner.getByTestId("how-many-more")).toContainText(`${FIGURES.first.howManyMore} more sampled episodes`);
  await planner.getByLabel("Target half-width in points").fill("0");
  await expect(planner.getByRole("alert")).toContainText("above 0");
  await planner.getByLabel("Target half-width in points").fill("3");
  await checkMember(admin, "Queue more sampled episodes", seed().names.reviewer);
  await planner.screenshot({ path: "test-results/screens/sampled-how-many-more.png" });
  await planner.getByRole("button", { name: `Queue these ${FIGURES.first.howManyMore} episodes` }).click();
  const n = FIGURES.first.howManyMore;
  await expect(admin.getByRole("list", { name: "Rounds drawn" })).toContainText(`${n} queued in ckpt-100 · sample round 2`);
  const [queue] = query<{ id: string; items: number; real: number }>(
    `SELECT q.id, COUNT(i.id) AS items, SUM(CASE WHEN i.isHoneypot THEN 0 ELSE 1 END) AS real FROM Queue q JOIN QueueItem i ON i.queueId = q.id WHERE q.name = ? GROUP BY q.id`,
    "ckpt-100 · sample round 2",
  );
  expect(queue!.real).toBe(n);
  // Exactly the round's drawn episodes, none verified yet.
  const queued = query<{ trajectoryId: string }>(`SELECT trajectoryId FROM QueueItem WHERE queueId = ? AND isHoneypot = 0 ORDER BY trajectoryId`, queue!.id).map((r) => r.trajectoryId);
  const round2 = query<{ trajectoryId: string }>(`SELECT u.trajectoryId FROM VerificationUnit u JOIN VerificationSample s ON s.id = u.sampleId WHERE s.runId = ? AND u.round = 2 ORDER BY u.trajectoryId`, seed().runs["ckpt-100"]).map((r) => r.trajectoryId);
  expect(queued).toEqual(round2);

  await expect(admin.getByTestId("how-many-more")).toContainText(`None: once the ${SAMPLE_SIZE + n} episodes drawn are verified`);
  await expect(admin.getByRole("list", { name: "What limits the estimate" })).toContainText(`${n} drawn episodes are not verified yet`);
  await expect(admin.getByRole("list", { name: "Rounds drawn" })).toContainText(`Round 2: ${n} episodes drawn by`);
  // The estimate still reads the 40 verified: nothing changed but what is waiting.
  await expect(admin.getByTestId("ppi-estimate")).toHaveText(FIGURES.first.estimate);
});

test("ckpt-100 against ckpt-200: Newcombe's difference on the verified pairs, the sampled difference, discordant tasks side by side, and the export", async ({ browser }) => {
  const reviewer = await pageAs(browser, "reviewer");
  await reviewer.goto(runPage("ckpt-100"));
  await reviewer.getByRole("link", { name: "Compare with another run" }).click();
  await reviewer.getByLabel("Second run").selectOption({ label: "ckpt-200 · synthetic-android · 300 episodes" });
  await reviewer.getByRole("button", { name: "Compare" }).click();
  await expect(reviewer.getByTestId("comparison-matching")).toContainText("300 tasks in both runs (matched by episode id) · 0 only in ckpt-100 · 0 only in ckpt-200");
  await expect(reviewer.getByTestId("newcombe-difference")).toHaveText(FIGURES.comparison.difference);
  await expect(reviewer.getByTestId("newcombe-interval")).toHaveText(FIGURES.comparison.interval);
  await expect(reviewer.getByTestId("comparison-verified")).toContainText("40 tasks verified in both");
  await expect(reviewer.getByTestId("ppi-difference")).toBeVisible();
  const discordant = reviewer.getByTestId("discordant-tasks").getByRole("listitem");
  await expect(discordant.filter({ has: reviewer.getByText("verified", { exact: true }) })).toHaveCount(FIGURES.comparison.discordantVerified);
  const firstShot = discordant.first().getByRole("img").first();
  await expect(firstShot).toBeVisible();
  // The thumbnail is served, not a broken image.
  await expect.poll(() => firstShot.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
  await expect(discordant.first().getByRole("img")).toHaveCount(2);
  await reviewer.screenshot({ path: "test-results/screens/sampled-comparison.png" });

  const { projectId, runs } = seed();
  const csv = await (await reviewer.request.get(`/api/projects/${projectId}/runs/${runs["ckpt-100"]}/compare/${runs["ckpt-200"]}?format=csv`)).text();
  const lines = csv.trim().split("\r\n");
  expect(lines[0]).toBe("task,goal,first_episode,first_automatic,first_verified,second_episode,second_automatic,second_verified,discordant");
  expect(lines).toHaveLength(301);
  expect(lines.filter((l) => l.endsWith(",verified"))).toHaveLength(FIGURES.comparison.discordantVerified);
  const json = await (await reviewer.request.get(`/api/projects/${projectId}/runs/${runs["ckpt-100"]}/compare/${runs["ckpt-200"]}?format=json`)).json();
  expect(json.verifiedPairs.n).toBe(40);
  expect(json.sampled.bothSampled).toBe(40);
});

test("the judge's calibration on the run page and across the project, and step vs trace over the three checkpoints", async ({ browser }) => {
  const reviewer = await pageAs(browser, "reviewer");
  await reviewer.goto(runPage("ckpt-100"));
  const calibration = reviewer.getByRole("region", { name: "Judge calibration" });
  const row = calibration.getByTestId("judge-calibration").getByRole("row").filter({ hasText: "judge-72b" });
  await expect(row).toContainText("trace-v3");
  await expect(row).toContainText("40of 300 judged");
  await expect(row).toContainText(`It calls ${FIGURES.first.automatic} of its 300 a success.`);
  await expect(row).toContainText(`Sampled estimate ${FIGURES.first.estimate}`);
  await calibration.screenshot({ path: "test-results/screens/sampled-calibration.png" });

  await calibration.getByRole("link", { name: /Across the project/ }).click();
  await reviewer.getByRole("link", { name: "By app" }).click();
  // One row per app (the synthetic runs spread over five); each row holds its own confusion
  // table, whose rows are not the calibration's.
  await expect(reviewer.getByTestId("judge-calibration").locator(":scope > tbody > tr")).toHaveCount(5);
  await reviewer.getByRole("link", { name: "By benchmark" }).click();
  await expect(reviewer.getByTestId("judge-calibration").getByRole("row").filter({ hasText: "synthetic-android" })).toHaveCount(1);

  await reviewer.goto(runPage("ckpt-100"));
  await reviewer.getByRole("link", { name: "Step vs trace over checkpoints" }).click();
  const chart = reviewer.getByRole("figure", { name: "Step accuracy and trace accuracy per checkpoint" });
  // Both lines drawn over the three checkpoints, in checkpoint order.
  await expect(chart.locator(".recharts-line-curve")).toHaveCount(2);
  await expect(chart.locator(".recharts-cartesian-axis-tick-value").filter({ hasText: /^ckpt-/ })).toHaveText(["ckpt-100", "ckpt-200", "ckpt-300"]);
  for (const name of ["Step accuracy", "Trace accuracy"]) await expect(chart.locator(".recharts-legend-item-text", { hasText: name })).toBeVisible();
  const table = reviewer.getByTestId("checkpoint-table");
  await expect(table.getByRole("row")).toHaveCount(4);
  await expect(table.getByRole("row").nth(1)).toContainText("ckpt-100");
  await expect(table.getByRole("row").nth(1)).toContainText(`40 of 300`);
  await expect(table.getByRole("row").nth(1)).toContainText(FIGURES.first.verifiedOnly);
  await expect(table.getByRole("row").nth(3)).toContainText("60 of 60");
  await reviewer.screenshot({ path: "test-results/screens/sampled-checkpoints.png", fullPage: true });
  await reviewer.goto(`/projects/${seed().slug}/calibration?by=app`);
  await reviewer.screenshot({ path: "test-results/screens/sampled-calibration-by-app.png", fullPage: true });
});

test("annotators see neither the sample, the comparison, the calibration nor the checkpoints", async ({ browser }) => {
  const annotator = await pageAs(browser, "annotator");
  const { slug, runs } = seed();
  for (const url of [runPage("ckpt-100"), `/projects/${slug}/runs/compare?a=${runs["ckpt-100"]}&b=${runs["ckpt-200"]}`, `/projects/${slug}/calibration`, `/projects/${slug}/runs/checkpoints?benchmark=synthetic-android`]) {
    const response = await annotator.goto(url);
    expect(response?.status(), url).toBe(403);
    await expect(annotator.getByText(/sampled estimate|Judge calibration|Discordant/)).toHaveCount(0);
  }
});
