import "server-only";
// An Annotation row read by raw SQL (the hot paths' executor, lib/db/sql-exec.ts), decoded
// into the shape Prisma returns: booleans from SQLite's 0/1, dates from its ISO text, JSON
// columns from their text. One decoder, so a raw read and a Prisma read of the same row agree
// (tests/db/annotation-row.test.ts compares them).
import type { Annotation } from "@/lib/generated/sqlite/client";
import { asDate, asJson } from "@/lib/db/sql-reader";

const COLUMNS = [
  "id", "projectId", "annotatorId", "kind", "itemType", "sampleId", "trajectoryId", "status", "version",
  "traceVerdict", "firstWrongStep", "stepLabels", "subGoals", "stepsCorrect", "stepsIncorrect",
  "targetAbsent", "boxX1", "boxY1", "boxX2", "boxY2", "instructionRewrite", "qualityScore", "note",
  "proposal", "importedHash", "importedVersion", "extra", "submittedAt", "createdAt", "updatedAt",
] as const satisfies readonly (keyof Annotation)[];

/** `a."id", a."projectId", ...` for a SELECT over `"Annotation" <alias>`; unqualified without one (RETURNING). */
export function annotationColumns(alias?: string): string {
  return COLUMNS.map((c) => (alias ? `${alias}."${c}"` : `"${c}"`)).join(", ");
}

const nullableBool = (value: unknown) => (value === null || value === undefined ? null : value === true || value === 1 || value === 1n);

export function annotationFromRow(r: Record<string, unknown>): Annotation {
  return {
    ...(r as unknown as Annotation),
    version: Number(r.version),
    firstWrongStep: r.firstWrongStep === null ? null : Number(r.firstWrongStep),
    stepsCorrect: r.stepsCorrect === null ? null : Number(r.stepsCorrect),
    stepsIncorrect: r.stepsIncorrect === null ? null : Number(r.stepsIncorrect),
    importedVersion: r.importedVersion === null ? null : Number(r.importedVersion),
    targetAbsent: nullableBool(r.targetAbsent),
    stepLabels: asJson(r.stepLabels) as Annotation["stepLabels"],
    subGoals: asJson(r.subGoals) as Annotation["subGoals"],
    extra: asJson(r.extra) as Annotation["extra"],
    submittedAt: asDate(r.submittedAt),
    createdAt: asDate(r.createdAt)!,
    updatedAt: asDate(r.updatedAt)!,
  };
}
