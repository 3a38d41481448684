// Issue 12, grounding samples, in the "verified" project (tests/e2e/seed-verified.ts): a
// verified final answer stays what its reviewer pinned whatever annotators submit or drafts
// autosave, a bulk rejection does not become a review, consensus is credited to the
// annotators who agreed, a prediction's hit follows the verified box, honeypots give nothing
// away; each checked on the page, through the v1 API and in a pool export.
import { expect, test, type Page } from "@playwright/test";
import { editorReady } from "./editor-helpers";
import { api, closePages, exportPool, jsonl, pageAs, query, secondAnnotator, seed, verifiedItems, type ApiItem } from "./verified-support";

test.describe.configure({ mode: "serial" });
test.afterEach(closePages);

const standing = (page: Page) => page.getByRole("region", { name: "Review standing" });

async function typeBox(page: Page, box: readonly number[]) {
  const names = ["x1", "y1", "x2", "y2"];
  for (const [i, value] of box.entries()) await page.getByLabel(`Box 1 ${names[i]}`).fill(String(value));
  await page.getByLabel("Box 1 y2").press("Enter");
}

async function apiSample(id: string): Promise<ApiItem | undefined> {
  return (await verifiedItems("samples")).find((s) => s.id === id);
}

test("an annotator's stray submit on a verified sample becomes a proposal: the owner, the API and the export keep the reviewer's box", async ({ browser }) => {
  const { samples, names, slug } = seed();
  const annotator = await pageAs(browser, "annotator");
  await annotator.goto(`/projects/${slug}/samples/${samples.stray}`);
  await editorReady(annotator);
  // Nothing on the page says the sample is verified.
  await expect(standing(annotator)).toHaveCount(0);
  await annotator.getByLabel("Target absent").check();
  await annotator.getByLabel("Rewritten instruction").fill("Open the Edit menu");
  await annotator.getByRole("button", { name: "Submit and next" }).click();
  await expect(annotator).not.toHaveURL(new RegExp(samples.stray));

  const owner = await pageAs(browser, "owner");
  await owner.goto(`/projects/${slug}/samples/${samples.stray}`);
  await expect(owner.getByTestId("review-status")).toContainText("✓ Verified");
  await expect(owner.getByTestId("final-answer-summary")).toHaveText("box 100, 100, 300, 200");
  await expect(owner.getByTestId("final-answer-credit")).toHaveText(`(review by ${names.reviewer})`);
  await expect(standing(owner).getByRole("list", { name: "Proposals" })).toContainText(`Proposal by ${names.annotator}`);
  await owner.screenshot({ path: "test-results/screens/verified-proposal.png", fullPage: true });

  const item = await apiSample(samples.stray);
  expect(item?.answer).toMatchObject({ source: "review", box: [100, 100, 300, 200], targetAbsent: false, instructionRewrite: null });
  expect(query(`SELECT proposal FROM Annotation a JOIN User u ON u.id = a.annotatorId WHERE a.sampleId = ? AND u.name = ?`, samples.stray, names.annotator)).toEqual([{ proposal: "open" }]);
});

test("the reviewer who verified a sample nudges its box 1 px in a draft: it stays verified with its final answer and its override", async ({ browser }) => {
  const { samples, slug, nudgeOverrideValue } = seed();
  const reviewer = await pageAs(browser, "reviewer");
  await reviewer.goto(`/projects/${slug}/samples/${samples.nudge}`);
  await editorReady(reviewer);
  await expect(reviewer.getByTestId("final-answer-summary")).toHaveText("box 400, 300, 600, 400");
  await expect(reviewer.getByTestId("tier")).toContainText(`effective ${nudgeOverrideValue}`);
  await expect(reviewer.getByTestId("tier")).toContainText("(overridden judge)");
  await typeBox(reviewer, [401, 300, 600, 400]);
  await expect(reviewer.getByRole("status").filter({ hasText: /Draft saved/ })).toBeVisible();
  await reviewer.reload();
  await editorReady(reviewer);
  await expect(reviewer.getByTestId("review-status")).toContainText("✓ Verified");
  await expect(reviewer.getByTestId("final-answer-summary")).toHaveText("box 400, 300, 600, 400");
  await expect(reviewer.getByTestId("tier")).toContainText(`effective ${nudgeOverrideValue}`);
  await expect(reviewer.getByRole("button", { name: "Submit as new revision" })).toBeVisible();
  await reviewer.screenshot({ path: "test-results/screens/verified-draft-kept.png", fullPage: true });

  const item = await apiSample(samples.nudge);
  expect(item?.answer).toMatchObject({ revision: 1, box: [400, 300, 600, 400] });
  expect(item?.overrideIds).toHaveLength(1);
});

test("a bulk-rejected sample submitted unchanged by the owner is verified as the owner's review, without the bulk note", async ({ browser }) => {
  const { samples, slug, names } = seed();
  const owner = await pageAs(browser, "owner");
  await owner.goto(`/projects/${slug}/samples/${samples.bulk}`);
  await editorReady(owner);
  await expect(owner.getByTestId("review-status")).toContainText("Rejected");
  await expect(owner.getByTestId("final-answer-credit")).toHaveText(`(bulk pass by ${names.reviewer} — “rejected in the bulk pass”)`);
  await owner.getByRole("button", { name: "Submit as new revision" }).click();
  await expect(owner).not.toHaveURL(new RegExp(samples.bulk));
  await owner.goto(`/projects/${slug}/samples/${samples.bulk}`);
  await expect(owner.getByTestId("review-status")).toContainText("✓ Verified");
  await expect(owner.getByTestId("final-answer-summary")).toHaveText("box 700, 500, 900, 600");
  await expect(owner.getByTestId("final-answer-credit")).toHaveText(`(review by ${names.owner})`);
  await owner.getByText("Earlier revisions (1)").click();
  await expect(owner.getByRole("list", { name: "Revision history" })).toContainText("rejected (bulk pass by");

  expect((await apiSample(samples.bulk))?.answer).toMatchObject({ revision: 2, source: "review", box: [700, 500, 900, 600] });
});

test("a prediction's hit follows the verified box, on the review page, the list and the API", async ({ browser }) => {
  const { samples, slug } = seed();
  const reviewer = await pageAs(browser, "reviewer");
  const card = () => reviewer.getByRole("list", { name: "Samples" }).getByRole("listitem").filter({ hasText: "Tap the search icon" });
  await reviewer.goto(`/projects/${slug}/samples`);
  await expect(card().getByTestId("sample-hits")).toHaveText("0/1 predictions hit");
  await reviewer.goto(`/projects/${slug}/samples/${samples.prediction}`);
  await editorReady(reviewer);
  await expect(reviewer.getByTestId("prediction-venus-7b")).toHaveText("miss");
  await typeBox(reviewer, [628, 210, 672, 254]);
  await reviewer.getByRole("button", { name: "Submit and next" }).click();
  await expect(reviewer).not.toHaveURL(new RegExp(samples.prediction));

  await reviewer.goto(`/projects/${slug}/samples/${samples.prediction}`);
  await expect(reviewer.getByTestId("prediction-venus-7b")).toHaveText("hit");
  await reviewer.goto(`/projects/${slug}/samples`);
  await expect(card().getByTestId("sample-hits")).toHaveText("1/1 predictions hit");
  expect(query(`SELECT correctness FROM ModelPrediction WHERE sampleId = ?`, samples.prediction)).toEqual([{ correctness: "correct" }]);
  expect((await apiSample(samples.prediction))?.answer).toMatchObject({ box: [628, 210, 672, 254] });
});

test("two annotators who agree in a queue verify the sample as their consensus, credited to both; the dashboard counts what the queue page counts", async ({ browser }) => {
  const { samples, slug, names, second } = seed();
  const answer = async (page: Page) => {
    await page.goto(`/projects/${slug}/queues`);
    await page.getByRole("button", { name: "Start Consensus pass" }).click();
    await expect(page).toHaveURL(new RegExp(`/samples/${samples.consensus}\\?claim=`));
    await editorReady(page);
    await typeBox(page, [210, 510, 390, 590]);
    await page.getByRole("button", { name: "Submit and next" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Nothing left for you in Consensus pass." })).toBeVisible();
  };
  await answer(await pageAs(browser, "annotator"));
  await answer(await secondAnnotator(browser));

  const reviewer = await pageAs(browser, "reviewer");
  await reviewer.goto(`/projects/${slug}/samples/${samples.consensus}`);
  await expect(reviewer.getByTestId("review-status")).toContainText("✓ Verified");
  await expect(reviewer.getByTestId("final-answer-summary")).toHaveText("box 210, 510, 390, 590");
  const credit = reviewer.getByTestId("final-answer-credit");
  await expect(credit).toContainText("consensus of");
  await expect(credit).toContainText(names.annotator);
  await expect(credit).toContainText(second.name);
  const [revision] = query<{ source: string; decidedById: string | null; contributorIds: string }>(
    `SELECT r.source, r.decidedById, r.contributorIds FROM GroundingSample s JOIN AnswerRevision r ON r.id = s.finalAnswerId WHERE s.id = ?`,
    samples.consensus,
  );
  expect(revision!.source).toBe("consensus");
  expect(revision!.decidedById).toBeNull();
  expect(JSON.parse(revision!.contributorIds)).toHaveLength(2);

  await reviewer.goto(`/projects/${slug}/queues`);
  const queue = reviewer.getByRole("listitem").filter({ has: reviewer.getByRole("heading", { name: "Consensus pass", exact: true }) });
  await expect(queue).toContainText("2 / 2 submitted");
  await reviewer.goto(`/projects/${slug}/dashboard`);
  await expect(reviewer.getByRole("list", { name: "Queue progress" })).toContainText("Consensus pass: 2 of 2 submitted");
  expect((await apiSample(samples.consensus))?.answer).toMatchObject({ source: "consensus", box: [210, 510, 390, 590] });
});

test("annotators cannot tell a honeypot apart (no review filter, no activity, no run export), and skipping one grades it wrong", async ({ browser }) => {
  const { slug, runId, projectId, samples, names } = seed();
  const annotator = await pageAs(browser, "annotator");
  await annotator.goto(`/projects/${slug}/samples`);
  await expect(annotator.getByRole("form", { name: "Filters" }).getByLabel("Review")).toHaveCount(0);
  const all = await annotator.getByText(/match these filters$/).textContent();
  await annotator.goto(`/projects/${slug}/samples?status=verified`);
  await expect(annotator.getByText(/match these filters$/)).toHaveText(all!);
  await expect(annotator.getByTestId("sample-status")).toHaveCount(0);

  await annotator.goto(`/projects/${slug}`);
  await expect(annotator.getByRole("heading", { name: "Your recent activity" })).toBeVisible();
  expect((await annotator.locator("body").innerText()).toLowerCase()).not.toContain("honeypot");
  expect((await annotator.goto(`/projects/${slug}/runs/${runId}`))?.status()).toBe(403);
  expect((await annotator.request.get(`/api/projects/${projectId}/runs/${runId}/export?format=csv`)).status()).toBe(403);
  expect((await api("annotator", "GET", "/samples")).status).toBe(403);
  const own = await api("annotator", "GET", `/samples/${samples.honeypot}/annotations`);
  expect(own.status).toBe(200);
  expect(JSON.stringify(own.body).toLowerCase()).not.toMatch(/honeypot|verified|revision/);

  await annotator.goto(`/projects/${slug}/queues`);
  await annotator.getByRole("button", { name: "Start Warm-up pass" }).click();
  await expect(annotator).toHaveURL(new RegExp(`/samples/${samples.honeypot}\\?claim=`));
  await editorReady(annotator);
  const text = (await annotator.locator("body").innerText()).toLowerCase();
  expect(text).not.toContain("honeypot");
  expect(text).not.toContain("verified");
  await annotator.getByRole("button", { name: "Skip" }).click();
  await expect(annotator.getByRole("status").filter({ hasText: "Nothing left for you in Warm-up pass." })).toBeVisible();
  expect(
    query(`SELECT c.status, c.honeypotCorrect FROM Claim c JOIN QueueItem q ON q.id = c.queueItemId JOIN User u ON u.id = c.userId WHERE q.sampleId = ? AND q.isHoneypot = 1 AND u.name = ?`, samples.honeypot, names.annotator),
  ).toEqual([{ status: "released", honeypotCorrect: 0 }]);
});

test("the grounding pool export writes every verified sample with the final answer the API shows, and names its revisions and overrides", async () => {
  test.setTimeout(180_000);
  const { samples } = seed();
  const api = await verifiedItems("samples");
  const snapshot = await exportPool("grounding");
  // The pool asks for boxes on the [0,1000] grid (seed-verified.ts): its answers are the API's grid.
  const rows = jsonl<{ id: string; solution: string; messages: { content: string }[] }>(snapshot.read("grounding.jsonl"));
  const answerOf = (row: { solution: string }) => (JSON.parse(row.solution) as { answer: number[] }).answer;
  expect(rows.map((r) => r.id).sort()).toEqual(api.map((s) => s.id).sort());
  for (const id of [samples.stray, samples.nudge, samples.bulk, samples.prediction, samples.consensus, samples.honeypot]) expect(api.map((s) => s.id)).toContain(id);
  for (const item of api) {
    const row = rows.find((r) => r.id === item.id)!;
    expect(answerOf(row), item.id).toEqual((item.answer as unknown as { grid: number[] }).grid);
  }
  // The stray submit's rewrite and refusal reached nothing.
  const stray = rows.find((r) => r.id === samples.stray)!;
  expect(answerOf(stray)).not.toEqual([-1, -1]);
  expect(stray.messages[0]!.content).toContain("Open the File menu");
  expect(snapshot.manifest.revisionIds.sort()).toEqual(api.map((s) => s.answer!.revisionId).sort());
  expect(snapshot.manifest.overrideIds).toEqual(expect.arrayContaining(api.find((s) => s.id === samples.nudge)!.overrideIds!));
  expect(snapshot.manifest.derivedWith.settings).toBeDefined();
});
