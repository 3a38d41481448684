// Issue 38: "Submit and next" twenty times in a row on each review screen, as a keyboard pass
// over a queue or a list is done. The screen swaps to the next item on the client
// (components/review/use-review-session.ts); this checks what a person and the database see:
// every screen shows its own item (the address, the instruction or goal, the screenshot), every
// answer is stored exactly once (one annotation, version 1, submitted; in a queue one submitted
// claim per item), and after the first page no document is loaded again.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { editorReady } from "./editor-helpers";
import { readSeed, storageStatePath, type E2eRole } from "./seed-file";
import { query } from "./verified-support";
import { RAPID_CONFLICT_SLUG, RAPID_QUEUE_SLUG, RAPID_SLUG, readRapidSeed, type RapidItem } from "./seed-rapid-file";

const SUBMITS = 20;

async function pageAs(browser: Browser, role: E2eRole) {
  const context = await browser.newContext({ storageState: storageStatePath(role), viewport: { width: 1440, height: 900 } });
  return context.newPage();
}

/** Documents the page loads from now on (a swap loads none; a page load or a form post one each). */
function countDocuments(page: Page) {
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents.push(request.url());
  });
  return documents;
}

/** The answer rows of `email` on each item: [item id, rows, version, status]. */
function answersOf(column: "sampleId" | "trajectoryId", ids: string[], email: string) {
  return ids.map((id) => {
    const rows = query<{ version: number; status: string }>(
      `SELECT a.version, a.status FROM Annotation a JOIN User u ON u.id = a.annotatorId WHERE a.${column} = ? AND u.email = ? AND a.kind = 'label'`,
      id,
      email,
    );
    return { id, rows: rows.length, version: rows[0]?.version ?? null, status: rows[0]?.status ?? null };
  });
}

/** The answer posts the page sends from now on: the item and the status each saves as. On a loaded
 * machine more than the autosave's 1.2 s can pass between labelling a trajectory and pressing
 * Submit, and a draft then saves first: that is a save of its own, and makes the submit version 2. */
function answerPosts(page: Page) {
  const posts: { path: string; item: string; status: string }[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() !== "POST" || !path.endsWith("/answer")) return;
    posts.push({ path, item: path.split("/").at(-2)!, status: (request.postDataJSON() as { status: string }).status });
  });
  return posts;
}

/** One answer row, submitted, whose version counts the drafts saved before the submit. */
const storedOnce = (id: string, posts: { item: string; status: string }[] = []) =>
  ({ id, rows: 1, version: 1 + posts.filter((p) => p.item === id && p.status === "draft").length, status: "submitted" });
const byId = (a: RapidItem, b: RapidItem) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const itemIdOf = (page: Page) => new URL(page.url()).pathname.split("/").at(-1)!;

/** The grounding screen shows `item`: its address, its instruction, its screenshot, ready to edit. */
async function showsSample(page: Page, item: RapidItem) {
  await expect(page).toHaveURL(new RegExp(`/samples/${item.id}(\\?|$)`));
  await expect(page.getByRole("heading", { level: 1, name: item.text })).toBeVisible();
  const editor = await editorReady(page);
  await expect(editor).toHaveAttribute("data-image", `/api/media/${item.mediaId}`);
  await expect(editor).toHaveAttribute("data-image-state", "loaded");
  await oneOfEach(page);
}

/** One screen's parts, once: a swap replaces the last item's, it does not add beside them. */
async function oneOfEach(page: Page) {
  await expect(page.getByRole("button", { name: /^Submit (and next|as new revision)/ })).toHaveCount(1);
  expect(await page.getByTestId("review-status").count()).toBeLessThanOrEqual(1);
}

/** The trajectory screen shows `item`: its address, its goal, its first step's screenshot. */
async function showsTrajectory(page: Page, item: RapidItem) {
  await expect(page).toHaveURL(new RegExp(`/trajectories/${item.id}(\\?|$)`));
  await expect(page.getByText(item.text, { exact: true }).first()).toBeVisible();
  await expect(page.locator(`img[src="/api/media/${item.mediaId}"]`)).toBeVisible();
  await oneOfEach(page);
}

// Alternate the button and the key: both are "Submit and next".
async function submitAndNext(page: Page, n: number) {
  if (n % 2 === 0) await page.getByRole("button", { name: /^Submit and next/ }).click();
  else await page.keyboard.press("Control+Enter");
}

async function labelTrajectory(page: Page) {
  await page.keyboard.press("l"); // this and every later step correct
  await page.keyboard.press("s"); // the trace succeeded
}

test("a reviewer submits twenty samples in a row from the list: each screen its own sample, each answer stored once, one document", async ({ browser }) => {
  const { users } = readSeed();
  const items = [...readRapidSeed().samples].sort(byId);
  const page = await pageAs(browser, "reviewer");
  const documents = countDocuments(page);
  await page.goto(`/projects/${RAPID_SLUG}/samples/${items[0]!.id}`);
  await showsSample(page, items[0]!);
  // The editor the first sample opened in is the one every later sample is drawn in (a swap
  // moves it, it does not build a canvas again): a mark on its stage survives the pass.
  await page.getByTestId("box-editor-stage").evaluate((stage) => stage.setAttribute("data-first-stage", "yes"));
  for (let n = 0; n < SUBMITS; n++) {
    await showsSample(page, items[n]!);
    await submitAndNext(page, n);
  }
  await showsSample(page, items[SUBMITS]!);
  await expect(page.getByTestId("review-status")).toHaveCount(1);
  await expect(page.getByTestId("box-editor-stage")).toHaveAttribute("data-first-stage", "yes");
  await expect(page.getByTestId("box-editor")).toHaveCount(1);
  await page.screenshot({ path: "test-results/screens/rapid-grounding-after-20.png" });
  expect(documents).toHaveLength(1);
  expect(answersOf("sampleId", items.map((i) => i.id), users.reviewer!.email)).toEqual([
    ...items.slice(0, SUBMITS).map((i) => storedOnce(i.id)),
    { id: items[SUBMITS]!.id, rows: 0, version: null, status: null },
  ]);
  // Back goes to the sample before, as its address says; Forward returns.
  await page.goBack();
  await showsSample(page, items[SUBMITS - 1]!);
  await page.goForward();
  await showsSample(page, items[SUBMITS]!);
  // A reload of the address shows the same sample from the server.
  await page.reload();
  await showsSample(page, items[SUBMITS]!);
});

test("a reviewer submits twenty trajectories in a row from the list: each screen its own trajectory, each answer stored once, one document", async ({ browser }) => {
  const { users } = readSeed();
  const items = [...readRapidSeed().trajectories].sort(byId);
  const page = await pageAs(browser, "reviewer");
  const documents = countDocuments(page);
  const posts = answerPosts(page);
  await page.goto(`/projects/${RAPID_SLUG}/trajectories/${items[0]!.id}`);
  for (let n = 0; n < SUBMITS; n++) {
    await showsTrajectory(page, items[n]!);
    await labelTrajectory(page);
    await submitAndNext(page, n);
  }
  await showsTrajectory(page, items[SUBMITS]!);
  await expect(page.getByTestId("review-status")).toHaveCount(1);
  await page.screenshot({ path: "test-results/screens/rapid-trajectory-after-20.png" });
  expect(documents).toHaveLength(1);
  expect(answersOf("trajectoryId", items.map((i) => i.id), users.reviewer!.email)).toEqual([
    ...items.slice(0, SUBMITS).map((i) => storedOnce(i.id, posts)),
    { id: items[SUBMITS]!.id, rows: 0, version: null, status: null },
  ]);
  await page.goBack();
  await showsTrajectory(page, items[SUBMITS - 1]!);
});

for (const kind of ["samples", "trajectories"] as const) {
  test(`an annotator submits twenty ${kind} in a row in a queue: one request a submit, each screen the item its claim names, each answer stored once`, async ({ browser }) => {
    const { users } = readSeed();
    const seed = readRapidSeed().queue;
    const { items, queue, column, shows } =
      kind === "samples"
        ? { items: seed.samples, queue: seed.sampleQueue, column: "sampleId" as const, shows: showsSample }
        : { items: seed.trajectories, queue: seed.trajectoryQueue, column: "trajectoryId" as const, shows: showsTrajectory };
    const byItemId = new Map(items.map((i) => [i.id, i]));
    const page = await pageAs(browser, "annotator");
    await page.goto(`/projects/${RAPID_QUEUE_SLUG}/queues`);
    await page.getByRole("button", { name: `Start ${queue.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/${kind}/[a-z0-9]+\\?claim=[a-z0-9]+&queue=${queue.id}`));
    const documents = countDocuments(page);
    const posts = answerPosts(page);
    const otherPosts: string[] = [];
    const screenReads: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && !new URL(request.url()).pathname.endsWith("/answer")) otherPosts.push(request.url());
      if (/\/screen(\?|$)/.test(request.url())) screenReads.push(request.url());
    });
    const shown: { item: string; claim: string }[] = [];
    for (let n = 0; n <= SUBMITS; n++) {
      // The claim is the queue's choice: the screen must show the item it names.
      const item = byItemId.get(itemIdOf(page));
      expect(item, `the address names an item of the queue: ${page.url()}`).toBeDefined();
      await shows(page, item!);
      const claim = new URL(page.url()).searchParams.get("claim")!;
      expect(shown.map((s) => s.claim)).not.toContain(claim);
      shown.push({ item: item!.id, claim });
      if (n === SUBMITS) break;
      if (kind === "trajectories") await labelTrajectory(page);
      await submitAndNext(page, n);
      await expect(page).not.toHaveURL(new RegExp(`claim=${claim}`));
    }
    await page.screenshot({ path: `test-results/screens/rapid-queue-${kind}-after-20.png` });
    expect(documents).toHaveLength(0);
    // One request a submit: the save closed the claim and claimed the next item.
    const submitted = shown.slice(0, SUBMITS).map((s) => s.item);
    expect(posts.filter((p) => p.status === "submitted").map((p) => p.path)).toEqual(submitted.map((id) => `/api/projects/${seed.projectId}/${kind}/${id}/answer`));
    expect(otherPosts).toEqual([]);
    // The submit's reply carried the next item's screen too: nothing else was asked for it.
    expect(screenReads).toEqual([]);
    expect(new Set(shown.map((s) => s.item)).size).toBe(SUBMITS + 1);
    expect(answersOf(column, submitted, users.annotator!.email)).toEqual(submitted.map((id) => storedOnce(id, posts)));
    const claims = query<{ id: string; status: string }>(
      `SELECT c.id, c.status FROM Claim c JOIN QueueItem qi ON qi.id = c.queueItemId WHERE qi.queueId = ? ORDER BY c.createdAt, c.id`,
      queue.id,
    );
    expect(Object.fromEntries(claims.map((c) => [c.id, c.status]))).toEqual(Object.fromEntries(shown.map((s, n) => [s.claim, n < SUBMITS ? "submitted" : "active"])));
  });
}

test("a submit on a swapped screen that meets another tab's save stays on its item with the conflict, and goes on once resolved", async ({ browser }) => {
  const { users } = readSeed();
  const items = [...readRapidSeed().conflict.samples].sort(byId);
  const page = await pageAs(browser, "annotator");
  await page.goto(`/projects/${RAPID_CONFLICT_SLUG}/samples/${items[0]!.id}`);
  await showsSample(page, items[0]!);
  await page.keyboard.press("Control+Enter");
  await showsSample(page, items[1]!);
  // Another tab of the same person saves the sample the swap just showed.
  const other = await page.context().newPage();
  await other.goto(`/projects/${RAPID_CONFLICT_SLUG}/samples/${items[1]!.id}`);
  await showsSample(other, items[1]!);
  await other.getByLabel("Rewritten instruction").fill("from the other tab");
  await expect(other.getByRole("status").filter({ hasText: /Draft saved/ })).toBeVisible({ timeout: 10_000 });
  await other.close();

  await page.keyboard.press("Control+Enter");
  const conflict = page.getByRole("alert").filter({ hasText: "saved elsewhere" });
  await expect(conflict).toBeVisible({ timeout: 10_000 });
  // Refused: the person is still on their item, as its address and its instruction say.
  await showsSample(page, items[1]!);
  await page.screenshot({ path: "test-results/screens/rapid-conflict-on-swapped-screen.png" });
  await conflict.getByRole("button", { name: "Keep mine (save over it)" }).click();
  await expect(page.getByRole("status").filter({ hasText: /Draft saved/ })).toBeVisible({ timeout: 10_000 });
  await page.keyboard.press("Control+Enter");
  await showsSample(page, items[2]!);
  expect(answersOf("sampleId", [items[1]!.id], users.annotator!.email)).toEqual([{ id: items[1]!.id, rows: 1, version: 3, status: "submitted" }]);
});
