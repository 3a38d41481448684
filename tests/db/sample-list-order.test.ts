// The sample list's search, model filters and sorts on both providers: every sort walks the
// whole list page by page (nullable columns: values first, then the empty rows, the same on
// SQLite and PostgreSQL), the neighbours of a sample follow the same order both ways, search is
// case-insensitive, and annotators can neither search rewrites nor sort or filter on what rests
// on a final answer.
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { listSamples, neighbourSamples, PAGE_SIZE } from "@/lib/samples/list-samples";
import { parseSampleFilter, type SampleFilter } from "@/lib/samples/sample-filters";
import { createProject } from "@/lib/projects/projects";
import { rederiveStale } from "@/lib/derived/rederive-stale";
import type { Db } from "@/lib/db";
import { recordVerdict } from "@/lib/verdicts/record-verdict";

const REVIEWER = { seesHuman: true };
const ANNOTATOR = { seesHuman: false };

async function world(db: Db) {
  const project = await createProject(db, { slug: `order-${Math.random().toString(36).slice(2, 8)}`, name: "Order" });
  const apps = ["Maps", null, "Clock", "Maps", null];
  // More rows than a page, so every sort crosses pages; apps and scores repeat and are missing.
  const count = PAGE_SIZE + 13;
  for (let i = 0; i < count; i++) {
    const s = await db.groundingSample.create({
      data: {
        projectId: project.id, instruction: `${i % 2 ? "Tap" : "open"} item ${String(i).padStart(3, "0")}`, app: apps[i % apps.length],
        sourceDataset: "order", sourceId: `s${String(count - i).padStart(3, "0")}`, contentHash: `h${i}`, imageWidth: 100, imageHeight: 100, boxX1: 10, boxY1: 10, boxX2: 20, boxY2: 20,
      },
    });
    if (i % 3 === 0) await recordVerdict(db, { projectId: project.id, sampleId: s.id, kind: "mllm", judgeName: "j", metric: "quality_score", valueScore: i % 7 });
    if (i % 4 === 0) await db.modelPrediction.create({ data: { projectId: project.id, sampleId: s.id, model: "alpha", kind: "point", x: 15, y: 15 } });
    if (i % 4 === 0 || i % 5 === 0) await db.modelPrediction.create({ data: { projectId: project.id, sampleId: s.id, model: "beta", kind: "point", x: i % 8 === 0 ? 15 : 90, y: 15 } });
  }
  await rederiveStale(db, project.id);
  // The stored rewrite is the final answer's (derived): set as a pinned answer would leave it.
  await db.groundingSample.updateMany({ where: { projectId: project.id, sourceId: "s001" }, data: { instructionRewrite: "Press the ZEBRA button" } });
  return project.id;
}

async function walk(db: Db, projectId: string, filter: SampleFilter, viewer = REVIEWER) {
  const ids: string[] = [];
  let after: string | undefined;
  do {
    if (ids.length > 10_000) throw new Error(`the walk of ${JSON.stringify(filter)} does not end`);
    const page = await listSamples(db, projectId, { ...filter, after }, viewer);
    ids.push(...page.samples.map((s) => s.id));
    after = page.nextAfter ?? undefined;
  } while (after);
  return ids;
}

describe.each(PROVIDERS)("the sample list's order and filters (%s)", (provider) => {
  it("walks every sort over every page in the same order as sorting all rows, and neighbours agree", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await world(db);
    // The reference: one ORDER BY over all rows by the database itself (its own collation),
    // the empty values after the others, by id.
    const expected = async (column: "instruction" | "sourceId" | "app" | "qualityScore" | "predictionsCorrect", dir: "asc" | "desc") => {
      const nullable = column === "app" || column === "qualityScore";
      const values = await db.groundingSample.findMany({ where: { projectId, ...(nullable ? { [column]: { not: null } } : {}) }, orderBy: [{ [column]: dir }, { id: "asc" }], select: { id: true } });
      const empty = nullable ? await db.groundingSample.findMany({ where: { projectId, [column]: null }, orderBy: { id: "asc" }, select: { id: true } }) : [];
      return [...values, ...empty].map((r) => r.id);
    };
    const cases = [
      ["instruction", "instruction"],
      ["source", "sourceId"],
      ["app", "app"],
      ["score", "qualityScore"],
      ["hits", "predictionsCorrect"],
    ] as const;
    for (const [sort, column] of cases) {
      for (const dir of ["asc", "desc"] as const) {
        const ids = await walk(db, projectId, { sort, dir });
        expect(ids, `${sort} ${dir}`).toEqual(await expected(column, dir));
        // The neighbours of a few rows, at both ends of a page and across the null boundary.
        for (const i of [0, 1, PAGE_SIZE - 1, PAGE_SIZE, ids.length - 1]) {
          const around = await neighbourSamples(db, projectId, ids[i]!, { sort, dir }, REVIEWER);
          expect([around.previous?.id ?? null, around.next?.id ?? null], `${sort} ${dir} around ${i}`).toEqual([ids[i - 1] ?? null, ids[i + 1] ?? null]);
        }
      }
    }
    expect(await walk(db, projectId, {})).toEqual((await db.groundingSample.findMany({ where: { projectId }, orderBy: { id: "asc" }, select: { id: true } })).map((r) => r.id));
  });

  it("searches instructions case-insensitively, rewrites for reviewers only, and filters by model and by one model right and another wrong", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await world(db);
    const tap = await walk(db, projectId, parseSampleFilter({ q: "TAP item" }));
    expect(tap).toHaveLength(Math.floor((PAGE_SIZE + 13) / 2));
    expect(await walk(db, projectId, parseSampleFilter({ q: "zebra" }))).toHaveLength(1);
    expect(await walk(db, projectId, parseSampleFilter({ q: "zebra" }, ANNOTATOR), ANNOTATOR)).toHaveLength(0);

    const alpha = await db.modelPrediction.findMany({ where: { projectId, model: "alpha" }, select: { sampleId: true } });
    expect((await walk(db, projectId, parseSampleFilter({ model: "alpha" }))).sort()).toEqual(alpha.map((p) => p.sampleId).sort());
    // alpha hits every sample it predicted on; beta hits only where i % 8 === 0.
    const disputed = await db.groundingSample.findMany({
      where: { projectId, AND: [{ predictions: { some: { model: "alpha", correctness: "correct" } } }, { predictions: { some: { model: "beta", correctness: "wrong" } } }] },
      select: { id: true },
    });
    expect(disputed.length).toBeGreaterThan(0);
    expect((await walk(db, projectId, parseSampleFilter({ modelRight: "alpha", modelWrong: "beta" }))).sort()).toEqual(disputed.map((d) => d.id).sort());
    // Annotators: the comparison and the derived sorts are dropped, not applied.
    const asAnnotator = parseSampleFilter({ modelRight: "alpha", modelWrong: "beta", sort: "score" }, ANNOTATOR);
    expect([asAnnotator.modelRight, asAnnotator.modelWrong, asAnnotator.sort]).toEqual([undefined, undefined, undefined]);
  });

  it("refuses a cursor it did not give out by starting from the first page", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await world(db);
    const first = await listSamples(db, projectId, { sort: "app" }, REVIEWER);
    const forged = await listSamples(db, projectId, { sort: "app", after: "bm90LWEtY3Vyc29yLWF0LWFsbA" }, REVIEWER);
    expect(forged.samples.map((s) => s.id)).toEqual(first.samples.map((s) => s.id));
  });
});
