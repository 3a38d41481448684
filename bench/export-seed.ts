// The rows of the export benchmark, one generator for both providers (SQLite seeds them with
// prepared statements, bench/export-bench-postgres.ts with COPY): N verified grounding samples,
// each with a submitted annotation and the accepted AnswerRevision made from it that the
// sample points at (finalAnswerId: the final answer an export reads, README "From unreviewed
// to verified"), over MEDIA screenshots shared by many samples as in real datasets. Each
// screenshot's file is a few placeholder bytes in the media store: the pools copy them into
// the snapshot (image mode "absolute"), once per screenshot, and nothing reads their pixels.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import Database from "better-sqlite3";
import { sqliteDateText, sqliteParam } from "@/lib/db/dialect";

export const MEDIA = 1000;
export const PROJECT_ID = "benchexportproject";
export const USER_ID = "benchexportreviewer";

type Value = string | number | boolean | Date | null;
export type SeedRows = { sample: Value[]; annotation: Value[]; revision: Value[] };

export const SAMPLE_COLUMNS = ["id", "projectId", "mediaId", "instruction", "sourceDataset", "sourceId", "contentHash", "targetAbsent",
  "boxX1", "boxY1", "boxX2", "boxY2", "effectiveTargetAbsent", "effectiveBoxX1", "effectiveBoxY1", "effectiveBoxX2", "effectiveBoxY2",
  "status", "qualityScore", "finalAnswerId", "verifiedAt", "createdAt", "updatedAt"];
export const ANNOTATION_COLUMNS = ["id", "projectId", "annotatorId", "kind", "itemType", "sampleId", "status", "targetAbsent",
  "boxX1", "boxY1", "boxX2", "boxY2", "qualityScore", "submittedAt", "createdAt", "updatedAt"];
export const REVISION_COLUMNS = ["id", "projectId", "itemType", "sampleId", "revision", "source", "decision", "decidedById", "contributorIds",
  "fromAnnotationId", "fromVersion", "targetAbsent", "boxX1", "boxY1", "boxX2", "boxY2", "qualityScore", "createdAt"];

export const mediaSha = (m: number) => m.toString(16).padStart(64, "0");
export const mediaStorageKey = (m: number) => `${mediaSha(m).slice(0, 2)}/${mediaSha(m).slice(2, 4)}/${mediaSha(m)}.png`;
export const MEDIA_COLUMNS = ["id", "projectId", "sha256", "mime", "width", "height", "byteSize", "storageKey"];
export const mediaRow = (m: number): Value[] => [`benchmedia${m}`, PROJECT_ID, mediaSha(m), "image/png", 2560, 1440, 100000, mediaStorageKey(m)];

export function* exportSeedRows(n: number): Generator<SeedRows> {
  const now = new Date();
  const start = Date.parse("2026-01-01T00:00:00Z");
  for (let i = 0; i < n; i++) {
    const id = `s${i.toString(36).padStart(8, "0")}`;
    const refusal = i % 10 === 0;
    const [x, y] = [100 + (i % 2000), 100 + (i % 1200)];
    const box = refusal ? [null, null, null, null] : [x, y, x + 60 + (i % 40), y + 30];
    // One verification per 10 ms: distinct, increasing times, as reviews arrive.
    const verifiedAt = new Date(start + i * 10);
    const score = i % 11;
    yield {
      sample: [id, PROJECT_ID, `benchmedia${i % MEDIA}`, `Open the menu item number ${i}`, "bench", `src-${i}`, `h${i}`, refusal, ...box, refusal, ...box,
        "verified", score, `r${id}`, verifiedAt, now, now],
      annotation: [`a${id}`, PROJECT_ID, USER_ID, "label", "sample", id, "submitted", refusal, ...box, score, verifiedAt, now, now],
      revision: [`r${id}`, PROJECT_ID, "sample", id, 1, "review", "accept", USER_ID, JSON.stringify([USER_ID]), `a${id}`, 1, refusal, ...box, score, verifiedAt],
    };
  }
}

/** The screenshots' files in a local media store rooted at `root`. */
export async function writeMediaFiles(root: string): Promise<void> {
  for (let m = 0; m < MEDIA; m++) {
    const file = path.join(root, ...mediaStorageKey(m).split("/"));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, `placeholder screenshot ${m}\n`);
  }
}

const insertSql = (table: string, columns: string[]) =>
  `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`;

export function seedSqlite(file: string, n: number): void {
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  const now = sqliteDateText(new Date());
  sqlite.prepare(`INSERT INTO "Project" ("id", "slug", "name", "settings", "updatedAt") VALUES (?, 'bench', 'Bench', '{}', ?)`).run(PROJECT_ID, now);
  sqlite.prepare(`INSERT INTO "User" ("id", "email", "name", "updatedAt") VALUES (?, 'reviewer@bench.test', 'Reviewer', ?)`).run(USER_ID, now);
  const media = sqlite.prepare(insertSql("Media", MEDIA_COLUMNS));
  for (let m = 0; m < MEDIA; m++) media.run(...mediaRow(m).map(sqliteParam));
  const sample = sqlite.prepare(insertSql("GroundingSample", SAMPLE_COLUMNS));
  const annotation = sqlite.prepare(insertSql("Annotation", ANNOTATION_COLUMNS));
  const revision = sqlite.prepare(insertSql("AnswerRevision", REVISION_COLUMNS));
  const rows = exportSeedRows(n);
  const batch = sqlite.transaction((count: number) => {
    // The sample and its final revision point at each other: checked at the commit.
    sqlite.pragma("defer_foreign_keys = ON");
    for (let k = 0; k < count; k++) {
      const next = rows.next();
      if (next.done) return;
      sample.run(...next.value.sample.map(sqliteParam));
      annotation.run(...next.value.annotation.map(sqliteParam));
      revision.run(...next.value.revision.map(sqliteParam));
    }
  });
  for (let i = 0; i < n; i += 10_000) batch(Math.min(10_000, n - i));
  sqlite.close();
}
