import "server-only";
// Two prompt versions of one judge, compared where both judged the same settled trajectories:
// each version's accuracy against the human outcome and the difference with Newcombe's paired
// interval (lib/domain/estimates/paired-proportions.ts), so "v2 agrees better" is read on the
// same items, not on two different samples. The pairs are the one judge-vs-human definition
// (lib/verdicts/judge-human.ts): the judge's own value, the verified human outcome.
import type { Db } from "@/lib/db";
import { newcombePaired, type PairedCounts, type PairedDifference } from "@/lib/domain/estimates/paired-proportions";
import { judgeHumanPairs } from "@/lib/verdicts/judge-human";

export type PromptVersionComparison = {
  judgeName: string;
  first: string | null;
  second: string | null;
  counts: PairedCounts; // both right, only the first right, only the second right, neither
  difference: PairedDifference | null; // first's accuracy minus second's, on the shared items
};

/** Every pair of prompt versions of each judge that has more than one, on their shared settled items. */
export async function comparePromptVersions(db: Db, projectId: string, judgeNames: readonly string[], scope: { runId?: string } = {}): Promise<PromptVersionComparison[]> {
  const out: PromptVersionComparison[] = [];
  for (const judgeName of [...new Set(judgeNames)].sort()) {
    const pairs = await judgeHumanPairs(db, projectId, judgeName, scope);
    const byVersion = new Map<string | null, Map<string, boolean>>();
    for (const p of pairs) {
      const right = byVersion.get(p.promptVersion) ?? new Map<string, boolean>();
      right.set(p.trajectoryId, p.judge === p.human);
      byVersion.set(p.promptVersion, right);
    }
    const versions = [...byVersion.keys()].sort((a, b) => (a ?? "").localeCompare(b ?? ""));
    for (let i = 0; i < versions.length; i++) {
      for (let j = i + 1; j < versions.length; j++) {
        const first = byVersion.get(versions[i]!)!;
        const second = byVersion.get(versions[j]!)!;
        const counts: PairedCounts = { both: 0, onlyFirst: 0, onlySecond: 0, neither: 0 };
        for (const [trajectoryId, a] of first) {
          const b = second.get(trajectoryId);
          if (b === undefined) continue;
          if (a && b) counts.both += 1;
          else if (a) counts.onlyFirst += 1;
          else if (b) counts.onlySecond += 1;
          else counts.neither += 1;
        }
        out.push({ judgeName, first: versions[i]!, second: versions[j]!, counts, difference: newcombePaired(counts) });
      }
    }
  }
  return out;
}
