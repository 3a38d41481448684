import "server-only";
// Judge verdicts with their human overrides, and the effective value of each: the latest
// accepted override, else the verdict (SPEC §2). Verdicts themselves are never changed.
import type { Db } from "@/lib/db";
import { effectiveVerdict } from "@/lib/domain/effective-verdict";

export type VerdictView = {
  id: string;
  kind: string;
  judgeName: string;
  promptVersion: string | null;
  metric: string;
  value: number | boolean | null;
  effective: number | boolean | null;
  rationale: string | null;
  rawOutput: string | null;
  createdAt: string;
  overrides: { id: string; value: number | boolean | null; reason: string; status: string; createdAt: string; by: string }[];
};

type Target = { sampleId?: string; trajectoryId?: string; stepId?: string };

// Only the verdict table is read, so a transaction's client will do as well as the client.
export async function verdictsFor(db: Pick<Db, "judgeVerdict">, projectId: string, target: Target): Promise<VerdictView[]> {
  const rows = await db.judgeVerdict.findMany({
    where: { projectId, ...target },
    // Creation order, with the id as the tie-break the derivation uses (lib/derived/verdict-inputs.ts).
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: { overrides: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], include: { user: { select: { name: true } } } } },
  });
  return rows.map((v) => {
    const value = v.valueScore ?? v.valueBool;
    const overrides = v.overrides.map((o) => ({
      id: o.id,
      value: o.valueScore ?? o.valueBool,
      reason: o.reason,
      status: o.status,
      createdAt: o.createdAt.toISOString(),
      by: o.user.name,
    }));
    return {
      id: v.id,
      kind: v.kind,
      judgeName: v.judgeName,
      promptVersion: v.promptVersion,
      metric: v.metric,
      value,
      effective: effectiveVerdict<number | boolean>({
        id: v.id,
        value,
        createdAt: v.createdAt,
        overrides: v.overrides.map((o) => ({ id: o.id, value: o.valueScore ?? o.valueBool, createdAt: o.createdAt, status: o.status })),
      }).value,
      rationale: v.rationale,
      rawOutput: v.rawOutput,
      createdAt: v.createdAt.toISOString(),
      overrides,
    };
  });
}
