import "server-only";
// What a trajectory's benchmark metrics are derived from (lib/domain/benchmark-metrics.ts),
// read for a chunk of trajectories in the derivation's transaction: for AndroidLab the
// evaluator's result dict and the task's ground-truth length (kept in the trajectory's extra
// by the importer) and, per step, whether its XML dump was found, whether its action repeats
// the previous one and the stored screen comparison; for OSWorld the result.txt score.
import type { BenchmarkInputs } from "@/lib/domain/benchmark-metrics";
import type { AndroidLabStepInput } from "@/lib/domain/androidlab-episode-metrics";
import { toBool, toNumber } from "@/lib/db/dialect";
import { asJson } from "@/lib/db/sql-reader";
import { chunks, inList, type SqlExec } from "@/lib/db/sql-exec";

export type BenchmarkRow = { id: string; benchmark: string | null; extra: unknown; sourceReward: unknown };

type StepRow = { trajectoryId: string; index: unknown; uiTreeKey: string | null; isRepeated: unknown; nextScreenUnchanged: unknown };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function resultEntries(extra: Record<string, unknown>): [string, unknown][] | null {
  const entries = extra.resultEntries;
  if (!Array.isArray(entries)) return null;
  return entries.filter((e): e is [string, unknown] => Array.isArray(e) && e.length === 2 && typeof e[0] === "string");
}

export async function benchmarkInputsOf(exec: SqlExec, rows: readonly BenchmarkRow[]): Promise<Map<string, BenchmarkInputs>> {
  const inputs = new Map<string, BenchmarkInputs>();
  const androidlab = rows.filter((r) => r.benchmark === "androidlab");
  const steps = new Map<string, AndroidLabStepInput[]>();
  for (const ids of chunks(androidlab.map((r) => r.id), 500)) {
    for (const s of await exec.all<StepRow>(
      `SELECT "trajectoryId", "index", "uiTreeKey", "isRepeated", "nextScreenUnchanged" FROM "Step" WHERE "trajectoryId" IN (${inList(ids.length)}) ORDER BY "trajectoryId", "index"`,
      ids,
    )) {
      const list = steps.get(s.trajectoryId) ?? [];
      list[toNumber(s.index)] = {
        hasUiTree: s.uiTreeKey !== null,
        isRepeated: toBool(s.isRepeated),
        nextScreenUnchanged: s.nextScreenUnchanged === null || s.nextScreenUnchanged === undefined ? null : toBool(s.nextScreenUnchanged),
        humanNoEffect: false,
      };
      steps.set(s.trajectoryId, list);
    }
  }
  for (const r of rows) {
    const extra = asJson(r.extra);
    const e = isObject(extra) ? extra : {};
    if (r.benchmark === "androidlab") {
      const result = resultEntries(e);
      const gt = typeof e.groundTruthLength === "number" ? e.groundTruthLength : null;
      // Steps are dense from 0; a hole (never expected) reads as a step without its XML.
      const list = Array.from(steps.get(r.id) ?? [], (s) => s ?? { hasUiTree: false, isRepeated: false, nextScreenUnchanged: null, humanNoEffect: false });
      inputs.set(r.id, result ? { benchmark: "androidlab", androidlab: { result, groundTruthLength: gt, steps: list } } : null);
    } else if (r.benchmark === "osworld") {
      const score = r.sourceReward === null || r.sourceReward === undefined ? null : Number(r.sourceReward);
      inputs.set(r.id, { benchmark: "osworld", finished: e.finished !== false, score });
    } else inputs.set(r.id, null);
  }
  return inputs;
}
