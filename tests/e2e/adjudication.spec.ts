// Adjudication and honeypots end to end, in the seeded "adjudication" project: two annotators
// draw different boxes on one sample in an overlap-2 queue, the reviewer sees both on the
// adjudication screen, takes the second with key 2, and the sample is verified with that box;
// a seeded trajectory disagreement is settled in the side-by-side columns; an admin makes a
// honeypot, which an annotator meets in a queue without anything saying so.
import { expect, test, type Browser, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { annotator2StatePath, readAdjudicationSeed } from "./adjudication-seed";
import { boxInputs, dragImage, editorReady } from "./editor-helpers";
import { storageStatePath, type E2eRole } from "./seed-file";

test.describe.configure({ mode: "serial" });

const QUEUE = "E2E adjudication";
const HONEYPOT_QUEUE = "E2E mixed"; // a name that gives nothing away either
const FIRST_BOX = [100, 300, 300, 400] as const;
const SECOND_BOX = [400, 700, 600, 800] as const;

function query<T>(sql: string, ...args: unknown[]): T[] {
  const sqlite = new Database(process.env.DATABASE_URL!.replace(/^file:/, ""), { readonly: true });
  try {
    return sqlite.prepare(sql).all(...args) as T[];
  } finally {
    sqlite.close();
  }
}

async function pageAs(browser: Browser, who: E2eRole | "annotator2") {
  const context = await browser.newContext({ storageState: who === "annotator2" ? annotator2StatePath() : storageStatePath(who) });
  return context.newPage();
}

async function expectNothingGivesItAway(page: Page) {
  const text = (await page.locator("body").innerText()).toLowerCase();
  expect(text).not.toContain("honeypot");
  expect(text).not.toContain("verified");
  // Nor the data the page was rendered from.
  expect((await page.content()).toLowerCase()).not.toContain("honeypot");
}

async function answerInQueue(page: Page, queue: string, box: readonly [number, number, number, number], screenshot?: string) {
  await page.goto("/projects/adjudication/queues");
  await page.getByRole("button", { name: `Start ${queue}` }).click();
  await expect(page).toHaveURL(/\/projects\/adjudication\/samples\/[a-z0-9]+\?claim=[a-z0-9]+&queue=[a-z0-9]+$/);
  await editorReady(page);
  await expect(page.getByRole("region", { name: "Queue" })).toContainText(`Queue ${queue}`);
  await expect(page.getByTestId("lease-left")).toContainText(/lease ends in \d+:\d\d/);
  await expectNothingGivesItAway(page);
  await dragImage(page, [box[0], box[1]], [box[2], box[3]]);
  if (screenshot) await page.screenshot({ path: screenshot, fullPage: true });
  await page.getByRole("button", { name: "Submit and next" }).click();
}

test("the second annotator signs in", async ({ page }) => {
  const { annotator2 } = readAdjudicationSeed();
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(annotator2.email);
  await page.getByLabel("Password").fill(annotator2.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Projects" })).toBeVisible();
  await page.context().storageState({ path: annotator2StatePath() });
});

test("an admin creates an overlap-2 queue over one sample", async ({ browser }) => {
  const page = await pageAs(browser, "admin");
  await page.goto("/projects/adjudication/queues");
  const form = page.getByRole("form", { name: "New queue" });
  await form.getByLabel("Name").fill(QUEUE);
  await form.getByLabel("Source").selectOption("e2e-adjudication");
  await form.getByLabel("Overlap (annotators per item)").fill("2");
  await form.getByLabel("Honeypots (% of items)").fill("0");
  await form.getByRole("checkbox", { name: /Annotator Tester/ }).check();
  await form.getByRole("checkbox", { name: /Second Annotator/ }).check();
  await form.getByRole("button", { name: "Create queue" }).click();
  await expect(form.getByRole("status")).toHaveText(`Queue "${QUEUE}" created with 1 item.`);
});

test("two annotators draw boxes that do not overlap; the item goes to adjudication", async ({ browser }) => {
  const { disputedSampleId } = readAdjudicationSeed();
  const first = await pageAs(browser, "annotator");
  await answerInQueue(first, QUEUE, FIRST_BOX, "/tmp/h1-queue-mode-annotator.png");
  await expect(first.getByRole("status").filter({ hasText: `Nothing left for you in ${QUEUE}.` })).toBeVisible();
  // What the half-answered item waits for, said to a reviewer who opens it outside the queue
  // (issue 36, item 25); an annotator is never shown a queue's state.
  const reviewer = await pageAs(browser, "reviewer");
  await reviewer.goto(`/projects/adjudication/samples/${disputedSampleId}`);
  const waiting = reviewer.getByTestId("waiting-for");
  await expect(waiting).toContainText(`Waits for the queue “${QUEUE}”: 1 of 2 answers submitted`);
  await expect(waiting).toContainText("Answered by Annotator Tester.");
  await expect(waiting).toContainText("You can settle it now");
  await reviewer.getByRole("region", { name: "Review standing" }).screenshot({ path: "test-results/screens/waiting-for-queue.png" });
  await first.goto(`/projects/adjudication/samples/${disputedSampleId}`);
  await expect(first.getByText("Tap the second picture").first()).toBeVisible();
  await expect(first.getByTestId("waiting-for")).toHaveCount(0);

  const second = await pageAs(browser, "annotator2");
  await answerInQueue(second, QUEUE, SECOND_BOX);
  await expect(second.getByRole("status").filter({ hasText: `Nothing left for you in ${QUEUE}.` })).toBeVisible();

  const [item] = query<{ status: string; submittedCount: number }>(`SELECT status, submittedCount FROM QueueItem WHERE sampleId = ?`, disputedSampleId);
  expect(item).toEqual({ status: "adjudication", submittedCount: 2 });
  expect(query(`SELECT status FROM GroundingSample WHERE id = ?`, disputedSampleId)).toEqual([{ status: "awaiting_adjudication" }]);
  await reviewer.reload();
  await expect(waiting).toContainText(`Waits for adjudication: the answers given in the queue “${QUEUE}” disagree.`);
  const [queueItem] = query<{ id: string; queueId: string }>(`SELECT id, queueId FROM QueueItem WHERE sampleId = ?`, disputedSampleId);
  await expect(waiting.getByRole("link", { name: "Adjudicate it →" })).toHaveAttribute("href", `/projects/adjudication/queues/${queueItem!.queueId}/adjudicate/${queueItem!.id}`);
  await reviewer.getByRole("region", { name: "Review standing" }).screenshot({ path: "test-results/screens/waiting-for-adjudication.png" });
});

test("the reviewer sees both boxes, takes the second with key 2, and the sample is verified with it", async ({ browser }) => {
  const { disputedSampleId } = readAdjudicationSeed();
  const page = await pageAs(browser, "reviewer");
  await page.goto("/projects/adjudication/queues");
  const queue = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: QUEUE, exact: true }) });
  await expect(queue).toContainText("2 / 2 submitted");
  await queue.getByRole("link", { name: "1 awaiting adjudication →" }).click();
  await expect(page.getByRole("heading", { name: `Awaiting adjudication in ${QUEUE}` })).toBeVisible();
  await page.screenshot({ path: "/tmp/h1-adjudication-list.png", fullPage: true });
  await page.getByRole("link", { name: "Tap the second picture" }).click();
  await editorReady(page);

  const answers = page.getByRole("region", { name: "Answers" });
  await expect(answers.getByRole("listitem")).toHaveCount(2);
  await expect(answers.getByRole("listitem").nth(0)).toContainText("1 · Annotator Tester");
  await expect(answers.getByRole("listitem").nth(0)).toContainText("box 100, 300, 300, 400");
  await expect(answers.getByRole("listitem").nth(0)).toContainText("IoU with 2 Second Annotator: 0.00");
  await expect(answers.getByRole("listitem").nth(1)).toContainText("2 · Second Annotator");
  await expect(answers.getByRole("listitem").nth(1)).toContainText("box 400, 700, 600, 800");
  await expect(page.getByTestId("final-answer")).toHaveText("none chosen yet");
  await expect(page.getByRole("button", { name: "Resolve and next" })).toBeDisabled();
  await page.screenshot({ path: "/tmp/h1-adjudication-sample.png", fullPage: true });

  await page.keyboard.press("2");
  await expect(page.getByTestId("final-answer")).toHaveText("box 400, 700, 600, 800 (2 Second Annotator's answer)");
  expect(await boxInputs(page)).toEqual([...SECOND_BOX]);
  await page.screenshot({ path: "/tmp/h1-adjudication-sample-picked.png", fullPage: true });
  await page.keyboard.press("Control+Enter");
  await expect(page.getByRole("status").filter({ hasText: "All adjudicated" })).toBeVisible();

  await page.goto(`/projects/adjudication/samples/${disputedSampleId}`);
  await expect(page.getByTestId("review-status")).toContainText("✓ Verified");
  await expect(page.getByTestId("final-answer-summary")).toHaveText("box 400, 700, 600, 800");
  await expect(page.getByRole("region", { name: "Review standing" })).toContainText("adjudication by Reviewer Tester");
  await page.screenshot({ path: "/tmp/h1-sample-verified.png", fullPage: true });

  const [final] = query<Record<string, unknown>>(
    `SELECT r.boxX1, r.boxY1, r.boxX2, r.boxY2, r.source, u.email FROM GroundingSample s JOIN AnswerRevision r ON r.id = s.finalAnswerId JOIN User u ON u.id = r.decidedById WHERE s.id = ?`,
    disputedSampleId,
  );
  expect(final).toEqual({ boxX1: 400, boxY1: 700, boxX2: 600, boxY2: 800, source: "adjudication", email: "reviewer@e2e.test" });
  expect(query(`SELECT status, resolution FROM QueueItem WHERE sampleId = ?`, disputedSampleId)).toEqual([{ status: "verified", resolution: "adjudication" }]);
});

test("a trajectory disagreement side by side: differing rows highlighted, answer 2 taken, one label changed; a stale second resolution is refused", async ({ browser }) => {
  const { trajectoryId, trajectoryQueueId, trajectoryQueueItemId } = readAdjudicationSeed();
  const item = `/projects/adjudication/queues/${trajectoryQueueId}/adjudicate/${trajectoryQueueItemId}`;
  // An admin opens the same item first and will resolve it after the reviewer did.
  const late = await pageAs(browser, "admin");
  await late.goto(item);
  await expect(late.getByRole("table", { name: "Answers side by side" })).toBeVisible();
  const page = await pageAs(browser, "reviewer");
  await page.goto(item);
  const table = page.getByRole("table", { name: "Answers side by side" });
  await expect(table.getByRole("columnheader", { name: /1 · Annotator Tester/ })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: /2 · Second Annotator/ })).toBeVisible();
  // Trace verdict, first wrong step, steps 3 and 4 differ; steps 1 and 2 agree.
  await expect(table.locator("tr[data-differs]")).toHaveCount(4);
  await expect(table.getByRole("row", { name: /^Step 1 click/ })).not.toHaveAttribute("data-differs");
  await page.screenshot({ path: "/tmp/h1-adjudication-trajectory.png", fullPage: true });

  await page.keyboard.press("2");
  await expect(page.getByLabel("Final trace verdict")).toHaveValue("failure");
  await expect(page.getByLabel("Final first wrong step")).toHaveValue("2");
  await page.getByLabel("Final label of step 4").selectOption("correct");
  await expect(page.getByTestId("final-answer")).toHaveText("failure, 4 of 4 steps labeled (2 Second Annotator's answer, edited)");
  await page.screenshot({ path: "/tmp/h1-adjudication-trajectory-picked.png", fullPage: true });
  await page.keyboard.press("Control+Enter");
  await expect(page.getByRole("status").filter({ hasText: "All adjudicated" })).toBeVisible();

  expect(query(`SELECT status, humanVerdict FROM Trajectory WHERE id = ?`, trajectoryId)).toEqual([{ status: "verified", humanVerdict: "failure" }]);
  const finalAnswer = () => query<{ stepLabels: string; firstWrongStep: number; email: string }>(
    `SELECT r.stepLabels, r.firstWrongStep, u.email FROM Trajectory t JOIN AnswerRevision r ON r.id = t.finalAnswerId JOIN User u ON u.id = r.decidedById WHERE t.id = ? AND r.source = 'adjudication'`,
    trajectoryId,
  );
  const [final] = finalAnswer();
  expect(final!.firstWrongStep).toBe(2);
  expect((JSON.parse(final!.stepLabels) as { label: string }[]).map((s) => s.label)).toEqual(["correct", "correct", "incorrect", "correct"]);

  await late.keyboard.press("1");
  await late.keyboard.press("Control+Enter");
  await expect(late.getByRole("region", { name: "Resolve" }).getByRole("alert")).toContainText("Someone settled this item while you were on it: it was resolved by Reviewer Tester");
  await expect(late.getByRole("button", { name: "Resolve and next" })).toBeDisabled();
  await late.screenshot({ path: "/tmp/h1-adjudication-conflict.png", fullPage: true });
  expect(finalAnswer()).toEqual([final]);
});

test("an admin makes a verified sample a honeypot and mixes it into a new queue", async ({ browser }) => {
  const { knownSampleId } = readAdjudicationSeed();
  const page = await pageAs(browser, "admin");
  await page.goto(`/projects/adjudication/samples/${knownSampleId}`);
  const standing = page.getByRole("region", { name: "Review standing" });
  await expect(standing).toContainText("✓ Verified");
  await expect(standing).toContainText("box 200, 500, 500, 600");
  await standing.getByRole("button", { name: "Use as honeypot" }).click();
  await expect(standing.getByText("honeypot", { exact: true })).toBeVisible();
  await expect(standing.getByRole("button", { name: "Remove honeypot" })).toBeVisible();
  await page.screenshot({ path: "/tmp/h1-honeypot-made.png" });

  await page.goto("/projects/adjudication/queues");
  const form = page.getByRole("form", { name: "New queue" });
  await form.getByLabel("Name").fill(HONEYPOT_QUEUE);
  await form.getByLabel("Source").selectOption("e2e-honeypot");
  await form.getByLabel("Overlap (annotators per item)").fill("1");
  await form.getByLabel("Honeypots (% of items)").fill("50");
  await form.getByRole("checkbox", { name: /Annotator Tester/ }).check();
  await form.getByRole("button", { name: "Create queue" }).click();
  await expect(form.getByRole("status")).toHaveText(`Queue "${HONEYPOT_QUEUE}" created with 1 item and 1 honeypot.`);
});

test("the annotator meets the honeypot unawares, is graded, and skips the next item", async ({ browser }) => {
  const { knownSampleId, honeypotRealSampleId } = readAdjudicationSeed();
  const page = await pageAs(browser, "annotator");
  // The honeypot sits first (slotted before the only real item).
  await answerInQueue(page, HONEYPOT_QUEUE, [205, 505, 495, 600]);
  await expect(page).toHaveURL(new RegExp(`/samples/${honeypotRealSampleId}\\?claim=`));
  await editorReady(page);
  await page.getByRole("region", { name: "Queue" }).getByRole("button", { name: "Skip" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Nothing left for you in ${HONEYPOT_QUEUE}.` })).toBeVisible();

  const claims = query<{ sampleId: string; status: string; honeypotCorrect: number | null }>(
    `SELECT qi.sampleId, c.status, c.honeypotCorrect FROM Claim c JOIN QueueItem qi ON qi.id = c.queueItemId JOIN Queue q ON q.id = qi.queueId WHERE q.name = ? ORDER BY c.createdAt`,
    HONEYPOT_QUEUE,
  );
  expect(claims).toEqual([
    { sampleId: knownSampleId, status: "submitted", honeypotCorrect: 1 },
    { sampleId: honeypotRealSampleId, status: "released", honeypotCorrect: null },
  ]);
  expect(query(`SELECT status FROM GroundingSample WHERE id = ?`, knownSampleId)).toEqual([{ status: "verified" }]);
});

test("admins see each queue's progress and honeypot accuracy, and the honeypot list", async ({ browser }) => {
  const page = await pageAs(browser, "admin");
  await page.goto("/projects/adjudication/queues");
  const honeypotQueue = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: HONEYPOT_QUEUE }) });
  await expect(honeypotQueue).toContainText("1 honeypot · accuracy: Annotator Tester 1/1 (100%)");
  await expect(honeypotQueue).toContainText("0 / 1 submitted");
  const adjudicated = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: QUEUE, exact: true }) });
  await expect(adjudicated).toContainText("2 / 2 submitted");
  await expect(adjudicated).toContainText("1 verified");
  await expect(adjudicated).toContainText("none awaiting adjudication");
  await expect(page.getByRole("list", { name: "Honeypot accuracy, all queues" })).toContainText("Annotator Tester 1/1 (100%)");
  await page.screenshot({ path: "/tmp/h1-queues-admin-stats.png", fullPage: true });

  await page.getByRole("link", { name: "Honeypots of Adjudication →" }).click();
  const table = page.getByRole("table", { name: "Honeypots" });
  await expect(table.getByRole("row", { name: /Tap the search box/ })).toContainText("box 200, 500, 500, 600");
  await expect(table.getByRole("row", { name: /Tap the search box/ })).toContainText("1 of 1");
  await page.screenshot({ path: "/tmp/h1-honeypots-page.png", fullPage: true });
});
