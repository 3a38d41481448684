import "server-only";
// Stores each verdict's effect (lib/domain/effective-verdict.ts: the value in effect, the
// override that decided it, whether its verdict changed under that override) on the verdict,
// in the derivation of its item. Only verdicts whose stored effect differs are written, so a
// derivation that moves nothing (most of them: a submit rarely touches a verdict) writes nothing.
import type { VerdictEffect } from "@/lib/domain/effective-verdict";
import type { StoredVerdictEffect } from "@/lib/derived/verdict-inputs";
import type { SqlExec } from "@/lib/db/sql-exec";

const same = (a: StoredVerdictEffect, b: VerdictEffect<number | boolean>) => a.value === b.value && a.overrideId === b.overrideId && a.isOutdated === b.isOutdated;

export type EffectChange = { stored: StoredVerdictEffect; effect: VerdictEffect<number | boolean> };

/** The effects whose stored values differ. */
export function changedEffects(pairs: readonly EffectChange[]): VerdictEffect<number | boolean>[] {
  return pairs.filter((p) => !same(p.stored, p.effect)).map((p) => p.effect);
}

export async function storeVerdictEffects(exec: SqlExec, effects: readonly VerdictEffect<number | boolean>[]): Promise<void> {
  if (effects.length === 0) return;
  const columns = (e: VerdictEffect<number | boolean>) => [
    typeof e.value === "number" ? e.value : null,
    typeof e.value === "boolean" ? e.value : null,
    e.overrideId,
    e.isOutdated,
  ];
  if (exec.provider !== "postgres") {
    for (const e of effects) {
      await exec.run(`UPDATE "JudgeVerdict" SET "effectiveScore" = ?, "effectiveBool" = ?, "effectiveOverrideId" = ?, "overrideOutdated" = ? WHERE "id" = ?`, [...columns(e), e.id]);
    }
    return;
  }
  const rows = effects.map(columns);
  await exec.run(
    `UPDATE "JudgeVerdict" AS j SET "effectiveScore" = v.s, "effectiveBool" = v.b, "effectiveOverrideId" = v.o, "overrideOutdated" = v.x
       FROM unnest(?::float8[], ?::boolean[], ?::text[], ?::boolean[], ?::text[]) AS v(s, b, o, x, id) WHERE j."id" = v.id`,
    [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2]), rows.map((r) => r[3]), effects.map((e) => e.id)],
  );
}
