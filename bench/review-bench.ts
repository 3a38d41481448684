// Review page loads at 1M items (issue 16; issue 38's targets: the HTML document p95 under
// 100 ms server time and at most 10x a signed-in round trip, the next item's read-ahead p95
// under 30 ms): the production build (`next start`, tests/e2e/fault/app-server.ts) on SQLite,
// then on PostgreSQL (VERITY_BENCH_REVIEW_PROVIDERS), each holding VERITY_BENCH_REVIEW_SIZE
// grounding samples and as many trajectories (bench/review-seed.ts), signed in as a reviewer.
// For each screen, what one page load asks of the server is recorded once in Chromium
// (bench/review-requests.ts); then VERITY_BENCH_REVIEW_LOADS (200) random items are loaded one
// after another, as one reviewer does: the page's HTML document, then everything it asks for
// (the next item's screen data among them) in the order the browser sent it: each request once
// those that had finished before Chromium sent it in the recording have finished here, at most
// six at once (Chromium's connections per host over HTTP/1.1). Sent all at once instead, as
// this bench did before, the screen's three reads ahead and a dozen screenshots queued behind
// one another, which no browser does.
// Times are taken on the client over loopback, from the request to the response's last byte:
// the server's time plus a loopback round trip, which the raw limit measures alone: the same
// signed-in round trip to a trivial route of the same server (next-auth's /api/auth/csrf),
// interleaved with the page loads. The sign-in page is timed beside it, as the smallest page.
// Not the prefetched screenshots' pixels: a screenshot request is replayed as recorded (the
// same 1280x720 file sizes for every item), the rest move to each item's own ids.
// Then "Submit and next" as a person feels it, in Chromium (bench/review-swap.ts).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { AppServer, freePort } from "../tests/e2e/fault/app-server";
import { benchProviders, startBenchPostgres } from "./pg-bench-server";
import { reviewSampleId, reviewTrajectoryId } from "./review-ids";
import { moveRequest, recordPageRequests, type RecordedRequest } from "./review-requests";
import { measureSwaps, type SwapRun } from "./review-swap";

type Row = { figure: string; value: string; target: string; ratio: string };
type Stats = { p50: number; p95: number; n: number };
type ScreenTimes = { document: number[]; nextPrefetch: number[]; whole: number[]; requests: number };

const SIZE = Number(process.env.VERITY_BENCH_REVIEW_SIZE ?? 1_000_000);
const LOADS = Number(process.env.VERITY_BENCH_REVIEW_LOADS ?? 200);
const PASSWORD = "review-bench-password-1";
const RECORDED_AT = 5; // the item whose page is recorded: it has a previous and a next one

function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), n: sorted.length };
}

/** One request to its last byte, in ms; anything but 200 stops the benchmark (a redirect would be a login page or a stale hash). */
async function timed(base: string, pathname: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}${pathname}`, { headers, redirect: "manual" });
  await response.arrayBuffer();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`review bench: ${pathname} answered ${response.status}`);
  return ms;
}

function ensureBuild() {
  if (existsSync(".next/BUILD_ID")) return;
  console.error("review: building the app…");
  if (spawnSync("node_modules/.bin/next", ["build"], { stdio: "inherit" }).status !== 0) throw new Error("next build failed");
}

type Seeded = { slug: string; email: string; queues: Record<"samples" | "trajectories", { id: string; name: string }> };

function seed(dataDir: string, databaseUrl: string): Seeded {
  const result = spawnSync("node", ["--conditions=react-server", "--import", "tsx", "bench/review-seed.ts"], {
    env: { ...process.env, VERITY_DATA_DIR: dataDir, DATABASE_URL: databaseUrl, REVIEW_SIZE: String(SIZE), REVIEW_PASSWORD: PASSWORD, NEXTAUTH_SECRET: "" },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`review seed failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split("\n").pop()!);
}

/** Runs what it is given at most `n` at once, in the order given, as a browser's connections to one host do. */
function connectionSlots(n: number) {
  let free = n;
  const waiting: (() => void)[] = [];
  return async (run: () => Promise<void>) => {
    if (free === 0) await new Promise<void>((resolve) => waiting.push(resolve));
    else free--;
    try {
      await run();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free++;
    }
  };
}

async function measureScreen(server: AppServer, cookie: string, pageOf: (i: number) => string, idOf: (i: number) => string, trivial: number[]): Promise<ScreenTimes> {
  const recorded: RecordedRequest[] = await recordPageRequests(server.base, cookie, pageOf(RECORDED_AT));
  const nextId = idOf(RECORDED_AT + 1);
  const isNextData = (r: RecordedRequest, id: string) => r.url.includes(`/${id}/screen`);
  if (!recorded.some((r) => isNextData(r, nextId))) throw new Error(`review bench: ${pageOf(RECORDED_AT)} did not read the next item ahead`);
  const times: ScreenTimes = { document: [], nextPrefetch: [], whole: [], requests: recorded.length + 1 };
  const documentHeaders = { cookie, accept: "text/html" };
  for (let load = -5; load < LOADS; load++) {
    // Never the first or last items: every page has a previous one and two after it, as the recorded one.
    const i = 1 + Math.floor(Math.random() * (SIZE - 3));
    // The previous item, this one, the next and the one after it (both read ahead).
    const ids = new Map([RECORDED_AT - 1, RECORDED_AT, RECORDED_AT + 1, RECORDED_AT + 2].map((k, d) => [idOf(k), idOf(i - 1 + d)]));
    const followUps = await Promise.all(recorded.map((r) => moveRequest(r, ids)));
    const started = performance.now();
    const document = await timed(server.base, pageOf(i), documentHeaders);
    let nextPrefetch = NaN;
    const slot = connectionSlots(6);
    const done: Promise<void>[] = [];
    followUps.forEach((r, k) => {
      done[k] = Promise.all(r.after.map((j) => done[j])).then(() =>
        slot(async () => {
          const ms = await timed(server.base, r.url, { ...r.headers, cookie });
          if (isNextData(r, idOf(i + 1))) nextPrefetch = ms;
        }),
      );
    });
    await Promise.all(done);
    const whole = performance.now() - started;
    const trip = await timed(server.base, "/api/auth/csrf", { cookie });
    if (load < 0) continue; // warm-up: compiled routes, connections, caches
    times.document.push(document);
    times.nextPrefetch.push(nextPrefetch);
    times.whole.push(whole);
    trivial.push(trip);
  }
  return times;
}

const ms = (v: number) => `${v < 10 ? v.toFixed(2) : v.toFixed(1)} ms`;

async function benchReview(label: string, dataDir: string, databaseUrl: string): Promise<Row[]> {
  console.error(`review: seeding ${SIZE.toLocaleString("en")} samples and ${SIZE.toLocaleString("en")} trajectories (${label})…`);
  const seedStarted = performance.now();
  const { slug, email, queues } = seed(dataDir, databaseUrl);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const server = new AppServer(await freePort(), { VERITY_DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  await server.start();
  try {
    const cookie = await server.signIn(email, PASSWORD);
    const trivial: number[] = [];
    console.error(`review: ${LOADS} sample page loads…`);
    const samples = await measureScreen(server, cookie, (i) => `/projects/${slug}/samples/${reviewSampleId(i)}`, reviewSampleId, trivial);
    console.error(`review: ${LOADS} trajectory page loads…`);
    const trajectories = await measureScreen(server, cookie, (i) => `/projects/${slug}/trajectories/${reviewTrajectoryId(i)}`, reviewTrajectoryId, trivial);
    console.error(`review: submit and next in Chromium…`);
    const swaps = await measureSwaps(server.base, cookie, slug, queues, SIZE);
    const login: number[] = [];
    for (let k = 0; k < 50; k++) login.push(await timed(server.base, "/login", { accept: "text/html" }));
    const trip = stats(trivial);
    const size = SIZE.toLocaleString("en");
    const row = (what: string, items: string, t: ScreenTimes, note = ""): Row => {
      const [d, n, w] = [stats(t.document), stats(t.nextPrefetch), stats(t.whole)];
      return {
        figure: `${what} page load at ${size} ${items} (${label}, production build, one reviewer, ${t.requests} requests per load incl. the next item's prefetch, in the browser's order)${note}`,
        value: `page load with prefetches p50 ${ms(w.p50)}, p95 ${ms(w.p95)}; HTML document p50 ${ms(d.p50)}, p95 ${ms(d.p95)}; next item's prefetch p95 ${ms(n.p95)}; over ${w.n} random items`,
        target: "document p95 < 100 ms server time (at most 10x the round trip); next item's prefetch p95 < 30 ms",
        ratio: `${(w.p95 / trip.p95).toFixed(1)}x (document ${(d.p95 / trip.p95).toFixed(1)}x) a signed-in round trip to /api/auth/csrf on the same server (p95 ${ms(trip.p95)}; the sign-in page p95 ${ms(stats(login).p95)})`,
      };
    };
    const swapRow = ({ screen, queue, times }: SwapRun): Row => {
      const [s, f, l] = [stats(times.submit), stats(times.floor), stats(times.longTasks)];
      const how = queue ? "in a queue (the submit claims the next item and its reply carries the item's screen; only its likely screenshot read ahead)" : "along the list (the next item read ahead)";
      return {
        figure: `Submit and next to the next item interactive, ${screen === "samples" ? "grounding" : "trajectory"} review at ${size} ${screen}, ${how} (${label}, Chromium, one reviewer)`,
        value: `p50 ${ms(s.p50)}, p95 ${ms(s.p95)} over ${s.n} submits; long tasks per swap p95 ${ms(l.p95)}` + (f.n ? `; the client's floor (a swap to an item read ahead, no request) p50 ${ms(f.p50)}, p95 ${ms(f.p95)}` : ""),
        target: "p95 < 100 ms on a quiet machine",
        ratio: f.n ? `${(s.p95 / f.p95).toFixed(1)}x the client's floor` : `${(s.p95 / trip.p95).toFixed(1)}x a signed-in round trip`,
      };
    };
    return [row("sample review", "samples", samples, `; seeded in ${seedSeconds.toFixed(0)} s`), row("trajectory review", "trajectories", trajectories), ...swaps.map(swapRow)];
  } finally {
    await server.stop();
  }
}

/** VERITY_BENCH_REVIEW_PROVIDERS (default sqlite,postgres); PostgreSQL as bench/pg-bench-server.ts gives it. */
export async function reviewSuite(): Promise<Row[]> {
  ensureBuild();
  const providers = benchProviders("VERITY_BENCH_REVIEW_PROVIDERS");
  const rows: Row[] = [];
  for (const provider of providers) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "verity-bench-review-"));
    try {
      if (provider === "sqlite") {
        rows.push(...(await benchReview("SQLite", dataDir, `file:${path.join(dataDir, "verity.db")}`)));
        continue;
      }
      const postgres = await startBenchPostgres();
      try {
        const database = await postgres.freshDatabase("review");
        try {
          rows.push(...(await benchReview("PostgreSQL", dataDir, database.url)));
        } finally {
          await database.drop();
        }
      } finally {
        await postgres.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return rows;
}
