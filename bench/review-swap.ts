// "Submit and next" as a person feels it (issue 38): in Chromium, signed in as the bench's
// reviewer, on the production build at the bench's size, the time from the keypress (Ctrl+Enter)
// to the frame on which the next item is interactive: its address in the bar, its instruction
// or goal on screen, and its screenshot loaded (on the grounding screen, the editor ready on
// it). Timed in the page itself (a capture-phase keydown listener, then a check on every
// animation frame), so the figure is the browser's, not the driver's. Beside it, in the same
// run, the client's floor: the same swap to an item already read ahead (k / [, j / ]), which
// asks nothing of the server. With a queue the next item is the queue's choice, claimed by the
// submit itself (one request), so it cannot be read ahead: its data comes in the submit's reply,
// and its screenshot was decoded ahead only as far as the queue's likely next item was the one
// claimed. The browser's long tasks (PerformanceObserver "longtask") are summed per swap.
import type { Page } from "@playwright/test";
import { signedInPage } from "./review-requests";
import { reviewSampleId, reviewTrajectoryId } from "./review-ids";

export type SwapTimes = { submit: number[]; floor: number[]; longTasks: number[] };
type Screen = "samples" | "trajectories";

const SWAPS = Number(process.env.VERITY_BENCH_SWAPS ?? 60);
const WARM_UP = 3;
// Between two keypresses, as a person pauses: the read-ahead of the next item settles.
const PAUSE_MS = 400;

/** The item's number in the bench's list, from its id (bench/review-ids.ts). */
const numberOf = (id: string) => parseInt(id.slice(1, 10), 36);

// Runs in the page (as text: the bench's TypeScript loader would add helpers the page lacks):
// sets window.__swap to the ms from the key's event to the frame on which an item other than
// `from` is interactive, and the long tasks' total in between.
const ARM_SWAP = `(from) => {
  window.__swap = null;
  window.__longTasks = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks += entry.duration;
  });
  observer.observe({ type: "longtask" });
  const ready = () => {
    const id = location.pathname.split("/").pop();
    if (id === from) return false;
    const n = parseInt(id.slice(1, 10), 36);
    const grounding = location.pathname.includes("/samples/");
    const goal = grounding ? "Open the menu item number " + n : "Finish task number " + n;
    if (![...document.querySelectorAll("h1")].some((h) => h.textContent === goal)) return false;
    if (grounding) {
      const editor = document.querySelector('[data-testid="box-editor"]');
      return !!editor && editor.dataset.ready === "true" && editor.dataset.imageState === "loaded";
    }
    const shot = [...document.querySelectorAll('img[src^="/api/media/"]')].find((img) => !img.src.includes("variant="));
    return !!shot && shot.complete && shot.naturalWidth > 0;
  };
  // The key itself, not the Control pressed before it.
  const onKey = (event) => {
    if (["Control", "Shift", "Meta", "Alt"].includes(event.key)) return;
    window.removeEventListener("keydown", onKey, true);
    const started = event.timeStamp;
    const check = () => {
      if (ready()) {
        // Entries are delivered to the callback later: the ones already recorded are taken now.
        for (const entry of observer.takeRecords()) window.__longTasks += entry.duration;
        observer.disconnect();
        window.__swap = { ms: performance.now() - started, longTasks: window.__longTasks };
      } else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  };
  window.addEventListener("keydown", onKey, true);
}`;

async function swap(page: Page, key: string): Promise<{ ms: number; longTasks: number }> {
  const from = new URL(page.url()).pathname.split("/").pop()!;
  await page.evaluate(`(${ARM_SWAP})(${JSON.stringify(from)})`);
  await page.keyboard.press(key);
  // Polled from here, not with waitForFunction: the page's CSP forbids the eval that would need.
  for (let waited = 0; waited < 60_000; waited += 25) {
    const done = (await page.evaluate("window.__swap")) as { ms: number; longTasks: number } | null;
    if (done) return done;
    await page.waitForTimeout(25);
  }
  throw new Error(`review swap: no item after ${key} on ${page.url()}`);
}

async function labelIfTrajectory(page: Page, screen: Screen) {
  if (screen === "trajectories") {
    await page.keyboard.press("l");
    await page.keyboard.press("s");
  }
}

/** Along the list from item `start`: the client's floor (j / ], to the next item read ahead,
 * no request), then Submit and next from there (to the item after it, read ahead too). */
async function listPass(page: Page, base: string, slug: string, screen: Screen, start: number): Promise<SwapTimes> {
  const idOf = screen === "samples" ? reviewSampleId : reviewTrajectoryId;
  const times: SwapTimes = { submit: [], floor: [], longTasks: [] };
  await page.goto(`${base}/projects/${slug}/${screen}/${idOf(start)}`);
  await page.locator("h1").first().waitFor();
  const next = screen === "samples" ? "j" : "]";
  let at = start;
  const expectAt = (n: number) => {
    const shown = numberOf(new URL(page.url()).pathname.split("/").pop()!);
    if (shown !== n) throw new Error(`review swap: went to item ${shown}, not ${n}`);
    at = n;
  };
  for (let k = -WARM_UP; k < SWAPS; k++) {
    await page.waitForTimeout(PAUSE_MS);
    const floor = await swap(page, next);
    expectAt(at + 1);
    await page.waitForTimeout(PAUSE_MS);
    await labelIfTrajectory(page, screen);
    const submit = await swap(page, "Control+Enter");
    expectAt(at + 1);
    if (k < 0) continue;
    times.submit.push(submit.ms);
    times.longTasks.push(submit.longTasks);
    times.floor.push(floor.ms);
  }
  return times;
}

/** Submit and next in a queue: the submit claims the next item in its one request. */
async function queuePass(page: Page, base: string, slug: string, screen: Screen, queueName: string): Promise<SwapTimes> {
  const times: SwapTimes = { submit: [], floor: [], longTasks: [] };
  await page.goto(`${base}/projects/${slug}/queues`);
  await page.getByRole("button", { name: `Start ${queueName}` }).click();
  await page.waitForURL(/claim=/);
  await page.locator("h1").first().waitFor();
  for (let k = -WARM_UP; k < SWAPS; k++) {
    await page.waitForTimeout(PAUSE_MS);
    await labelIfTrajectory(page, screen);
    const submit = await swap(page, "Control+Enter");
    if (k < 0) continue;
    times.submit.push(submit.ms);
    times.longTasks.push(submit.longTasks);
  }
  return times;
}

export type SwapRun = { screen: Screen; queue: boolean; times: SwapTimes };

export async function measureSwaps(base: string, cookie: string, slug: string, queues: Record<Screen, { name: string }>, size: number): Promise<SwapRun[]> {
  const { browser, page } = await signedInPage(base, cookie);
  try {
    const runs: SwapRun[] = [];
    // Items a quarter of the way in: away from the queue's (the middle) and from the page-load sample.
    const start = Math.floor(size / 4);
    for (const screen of ["samples", "trajectories"] as const) {
      runs.push({ screen, queue: false, times: await listPass(page, base, slug, screen, start) });
      runs.push({ screen, queue: true, times: await queuePass(page, base, slug, screen, queues[screen].name) });
    }
    return runs;
  } finally {
    await browser.close();
  }
}
