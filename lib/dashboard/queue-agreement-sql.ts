import "server-only";
// The SQL behind agreement per queue (and over every answer of a project). Every figure is
// aggregated in the database, so a queue of a million items returns a few dozen rows, never
// its annotations:
//  - "ratings": the submitted label annotations of the people who submitted a claim on the
//    queue's items (one row per item and rater); for the project-wide figures, every submitted
//    label annotation of the project, in a queue or not (imported labels included);
//  - pairs: each item's ratings joined to themselves (rater a < rater b), counted per
//    (a, b, value a, value b), which is each pair's confusion matrix;
//  - Fleiss: per item (or item and step) the count per category, summed per category as
//    total and sum of squares (lib/domain/agreement.ts fleissKappaFromTotals);
//  - boxes: IoU and point-in-box agreement summed per pair with the domain's rules (bounds
//    inclusive; two "target absent" answers agree, one absent and one box do not).
import type { Dialect } from "@/lib/db/dialect";

export type QueueItemKind = "sample" | "trajectory";

/** Whose ratings: a queue's (by its claims), or the whole project's. */
export type RatingScope = { queueId: string } | { projectId: string };

function projectRatings(d: Dialect, projectId: string, kind: QueueItemKind, columns: string, join = ""): string {
  const itemColumn = kind === "sample" ? `"sampleId"` : `"trajectoryId"`;
  return `SELECT a.${itemColumn} AS "item", a."annotatorId" AS "rater", ${columns}
            FROM "Annotation" a
            ${join}
           WHERE a."projectId" = ${d.p(projectId)} AND a."itemType" = ${d.p(kind)} AND a."kind" = 'label' AND a."status" = 'submitted'`;
}

function ratings(d: Dialect, scope: RatingScope | string, kind: QueueItemKind, columns: string, join = ""): string {
  if (typeof scope !== "string" && "projectId" in scope) return projectRatings(d, scope.projectId, kind, columns, join);
  const queueId = typeof scope === "string" ? scope : scope.queueId;
  const itemColumn = kind === "sample" ? `"sampleId"` : `"trajectoryId"`;
  return `SELECT qi."id" AS "item", a."annotatorId" AS "rater", ${columns}
            FROM "QueueItem" qi
            JOIN "Claim" c ON c."queueItemId" = qi."id" AND c."status" = 'submitted'
            JOIN "Annotation" a ON a."annotatorId" = c."userId" AND a.${itemColumn} = qi.${itemColumn}
                               AND a."kind" = 'label' AND a."status" = 'submitted'
            ${join}
           WHERE qi."queueId" = ${d.p(queueId)}`;
}

function stepRatings(d: Dialect, scope: RatingScope | string): string {
  const columns = `${d.jsonText("e", "stepIndex")} AS "step", ${d.jsonText("e", "label")} AS "value"`;
  return ratings(d, scope, "trajectory", columns, `CROSS JOIN ${d.jsonElements(`a."stepLabels"`, "e")}`);
}

/** Rows (a, b, va, vb, n) over trace verdicts. */
export function tracePairsSql(d: Dialect, scope: RatingScope | string): string {
  return `WITH r AS (${ratings(d, scope, "trajectory", `a."traceVerdict" AS "value"`)})
          SELECT x."rater" AS "a", y."rater" AS "b", x."value" AS "va", y."value" AS "vb", COUNT(*) AS "n"
            FROM r x JOIN r y ON x."item" = y."item" AND x."rater" < y."rater"
           WHERE x."value" IS NOT NULL AND y."value" IS NOT NULL
           GROUP BY x."rater", y."rater", x."value", y."value"`;
}

/** Rows (a, b, va, vb, n) over step labels aligned by step index. */
export function stepPairsSql(d: Dialect, scope: RatingScope | string): string {
  return `WITH s AS (${stepRatings(d, scope)})
          SELECT x."rater" AS "a", y."rater" AS "b", x."value" AS "va", y."value" AS "vb", COUNT(*) AS "n"
            FROM s x JOIN s y ON x."item" = y."item" AND x."step" = y."step" AND x."rater" < y."rater"
           WHERE x."value" IS NOT NULL AND y."value" IS NOT NULL
           GROUP BY x."rater", y."rater", x."value", y."value"`;
}

/** Rows (value, total, squares) over the items (or item steps) rated by exactly `raters` people. */
export function fleissSql(d: Dialect, queueId: string, of: "trace" | "steps", raters: number): string {
  const source = of === "trace" ? ratings(d, queueId, "trajectory", `a."traceVerdict" AS "value", 0 AS "step"`) : stepRatings(d, queueId);
  return `WITH r AS (${source}),
               complete_units AS (SELECT "item", "step" FROM r WHERE "value" IS NOT NULL GROUP BY "item", "step" HAVING COUNT(*) = ${d.p(raters)}),
               per AS (SELECT r."item", r."step", r."value", COUNT(*) AS "c"
                         FROM r JOIN complete_units u ON u."item" = r."item" AND u."step" = r."step"
                        WHERE r."value" IS NOT NULL
                        GROUP BY r."item", r."step", r."value")
          SELECT "value", SUM("c") AS "total", SUM("c" * "c") AS "squares" FROM per GROUP BY "value"`;
}

/** Rows (a, b, pairs, boxed, iouSum, agree) over sample boxes. */
export function boxPairsSql(d: Dialect, scope: RatingScope | string): string {
  const has = (t: string) => `(${t}."x1" IS NOT NULL AND ${t}."y1" IS NOT NULL AND ${t}."x2" IS NOT NULL AND ${t}."y2" IS NOT NULL)`;
  const overlap = (lo: string, hi: string) => d.greatest("0.0", `${d.least(`x."${hi}"`, `y."${hi}"`)} - ${d.greatest(`x."${lo}"`, `y."${lo}"`)}`);
  const inter = `(${overlap("x1", "x2")} * ${overlap("y1", "y2")})`;
  const area = (t: string) => `((${t}."x2" - ${t}."x1") * (${t}."y2" - ${t}."y1"))`;
  const union = `(${area("x")} + ${area("y")} - ${inter})`;
  const iou = `CASE WHEN ${union} > 0 THEN ${inter} / ${union} ELSE 0.0 END`;
  const centreIn = (p: string, q: string) =>
    `((${p}."x1" + ${p}."x2") / 2.0 BETWEEN ${q}."x1" AND ${q}."x2" AND (${p}."y1" + ${p}."y2") / 2.0 BETWEEN ${q}."y1" AND ${q}."y2")`;
  return `WITH r AS (${ratings(d, scope, "sample", `a."boxX1" AS "x1", a."boxY1" AS "y1", a."boxX2" AS "x2", a."boxY2" AS "y2"`)})
          SELECT x."rater" AS "a", y."rater" AS "b", COUNT(*) AS "pairs",
                 SUM(CASE WHEN ${has("x")} AND ${has("y")} THEN 1 ELSE 0 END) AS "boxed",
                 SUM(CASE WHEN ${has("x")} AND ${has("y")} THEN ${iou} ELSE 0.0 END) AS "iouSum",
                 SUM(CASE WHEN (NOT ${has("x")} AND NOT ${has("y")}) OR (${has("x")} AND ${has("y")} AND ${centreIn("x", "y")} AND ${centreIn("y", "x")}) THEN 1 ELSE 0 END) AS "agree"
            FROM r x JOIN r y ON x."item" = y."item" AND x."rater" < y."rater"
           GROUP BY x."rater", y."rater"`;
}
