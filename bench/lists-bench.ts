// Filtered list pages at 1M items (SPEC §9: p95 under 100 ms). 1M grounding samples and 1M
// trajectories are seeded with raw statements into a fresh migrated SQLite database; then the
// queries a list page runs (the page of rows, its total and the filter menus, in parallel as
// the page does) are timed through the real list functions for a mix of filters and deep
// keyset pages, beside the raw limit: the same first page read with one bare indexed
// better-sqlite3 SELECT in the same run.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { createDb } from "@/lib/db";
import { applyMigrations } from "@/lib/db/migrate";
import { qualityTier } from "@/lib/domain/tiers";
import { listSamples, sampleFacets } from "@/lib/samples/list-samples";
import { SampleFilterSchema, type SampleFilter } from "@/lib/samples/sample-filters";
import { listTrajectories, trajectoryFacets } from "@/lib/trajectories/list-trajectories";
import { TrajectoryFilterSchema, type TrajectoryFilter } from "@/lib/trajectories/trajectory-filters";

export type ListFigure = { items: number; samplesP95Ms: number; samplesP50Ms: number; trajectoriesP95Ms: number; trajectoriesP50Ms: number; rawP95Ms: number; seedSeconds: number };

const PROJECT = "benchlistproject";
const STATUSES = ["unreviewed", "unreviewed", "unreviewed", "in_review", "verified"];
// The stored tier of a score, as the derivation writes it (default thresholds).
const tierOf = (score: number | null) => (score === null ? null : qualityTier(score));
const VERDICTS = [null, null, "success", "failure"];

function seed(file: string, n: number): void {
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = OFF");
  const now = new Date().toISOString();
  sqlite.prepare(`INSERT INTO "Project" (id, slug, name, settings, updatedAt) VALUES (?, 'lists', 'Lists', '{}', ?)`).run(PROJECT, now);
  const sample = sqlite.prepare(
    `INSERT INTO "GroundingSample" (id, projectId, imageMissing, imageWidth, imageHeight, instruction, platform, app, uiType, sourceDataset, sourceId, contentHash, targetAbsent, boxX1, boxY1, boxX2, boxY2, effectiveTargetAbsent, effectiveBoxX1, effectiveBoxY1, effectiveBoxX2, effectiveBoxY2, status, qualityScore, qualityTier, createdAt, updatedAt)
     VALUES (?, ?, 1, 1920, 1080, ?, ?, ?, ?, ?, ?, ?, ?, 10, 10, 90, 60, ?, 10, 10, 90, 60, ?, ?, ?, ?, ?)`,
  );
  const trajectory = sqlite.prepare(
    `INSERT INTO "Trajectory" (id, projectId, goal, benchmark, app, model, groupKey, sourceDataset, sourceId, contentHash, autoOutcome, stepCount, humanVerdict, mismatchFlags, status, createdAt, updatedAt)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'bench', ?, ?, ?, 5, ?, ?, ?, ?, ?)`,
  );
  const batch = sqlite.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const id = `c${i.toString(36).padStart(8, "0")}bench`;
      const score = i % 3 === 0 ? null : i % 11;
      sample.run(id, PROJECT, `Open item ${i}`, ["windows", "macos", "android", "web"][i % 4], `app-${i % 97}`, i % 2 ? "icon" : "text", `source-${i % 5}`, `s${i}`, `h${i}`, i % 10 === 0 ? 1 : 0, i % 10 === 0 ? 1 : 0, STATUSES[i % 5], score, tierOf(score), now, now);
      const verdict = VERDICTS[i % 4];
      trajectory.run(id, PROJECT, `Goal ${i}`, ["androidlab", "webvoyager", "osworld"][i % 3], `app-${i % 53}`, `model-${i % 7}`, `g${Math.floor(i / 8)}`, `t${i}`, `h${i}`, i % 3 === 2 ? null : i % 2,
        verdict, i % 17 === 0 ? "auto_vs_human" : "", verdict ? "verified" : "unreviewed", now, now);
    }
  });
  for (let i = 0; i < n; i += 20_000) batch(i, Math.min(n, i + 20_000));
  // As an import leaves it (lib/db/planner-statistics.ts).
  sqlite.pragma("analysis_limit = 0");
  sqlite.exec("PRAGMA optimize = 0x10002");
  sqlite.close();
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

// Times `work` for each case `rounds` times; prints each case's median so a slow filter shows.
async function time<C>(label: string, cases: C[], rounds: number, work: (c: C) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (const c of cases) {
    const own: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const started = performance.now();
      await work(c);
      own.push(performance.now() - started);
    }
    console.error(`  ${label} ${JSON.stringify(c)}: median ${percentile(own, 0.5).toFixed(1)} ms`);
    times.push(...own);
  }
  return times;
}

export async function benchLists(n: number): Promise<ListFigure> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "verity-bench-lists-"));
  try {
    const file = path.join(dir, "verity.db");
    applyMigrations(`file:${file}`);
    const seeded = performance.now();
    seed(file, n);
    const seedSeconds = (performance.now() - seeded) / 1000;
    const db = createDb(`file:${file}`);

    const deepId = `c${Math.floor(n * 0.9).toString(36).padStart(8, "0")}bench`;
    const sampleFilters: SampleFilter[] = [
      {},
      { source: "source-3" },
      { status: "verified" },
      { tier: "gold" },
      { platform: "android", refusal: "no" },
      { app: "app-42", status: "unreviewed" },
      { scoreMin: 4, scoreMax: 6 },
      { after: deepId },
      { source: "source-1", after: deepId },
    ].map((f) => SampleFilterSchema.parse(f));
    const trajectoryFilters: TrajectoryFilter[] = [
      {},
      { benchmark: "webvoyager" },
      { verdict: "failure" },
      { outcome: "success", status: "unreviewed" },
      { model: "model-3", app: "app-9" },
      { flag: "auto_vs_human" },
      { after: deepId },
    ].map((f) => TrajectoryFilterSchema.parse(f));

    // Warm-up: the first queries pay for connection set-up and page cache.
    const reviewer = { seesHuman: true };
    await listSamples(db, PROJECT, sampleFilters[0]!, reviewer);
    await listTrajectories(db, PROJECT, trajectoryFilters[0]!, reviewer);

    const samples = await time("samples", sampleFilters, 6, (f) => Promise.all([listSamples(db, PROJECT, f, reviewer), sampleFacets(db, PROJECT)]));
    const trajectories = await time("trajectories", trajectoryFilters, 6, (f) => Promise.all([listTrajectories(db, PROJECT, f, reviewer), trajectoryFacets(db, PROJECT)]));
    await db.$disconnect();

    const raw = new Database(file, { readonly: true });
    const page = raw.prepare(`SELECT id, instruction, status, qualityScore FROM "GroundingSample" WHERE projectId = ? AND status = ? ORDER BY id LIMIT 49`);
    const rawTimes: number[] = [];
    for (let i = 0; i < 60; i++) {
      const started = performance.now();
      page.all(PROJECT, STATUSES[i % 5]);
      rawTimes.push(performance.now() - started);
    }
    raw.close();
    return {
      items: n,
      samplesP95Ms: percentile(samples, 0.95),
      samplesP50Ms: percentile(samples, 0.5),
      trajectoriesP95Ms: percentile(trajectories, 0.95),
      trajectoriesP50Ms: percentile(trajectories, 0.5),
      rawP95Ms: percentile(rawTimes, 0.95),
      seedSeconds,
    };
  } finally {
    if (process.env.VERITY_BENCH_KEEP) console.error(`kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}
