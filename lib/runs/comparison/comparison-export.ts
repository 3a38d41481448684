import "server-only";
// The paired comparison of two runs as a file: one row per matched task (both episodes, their
// automatic and verified outcomes, whether and how they disagree), and in JSON the summary
// figures beside them. CSV cells are formula-safe (lib/runs/corrected-table.ts).
import type { ProjectAccess } from "@/lib/auth/session";
import { recordAudit } from "@/lib/audit/record";
import { db } from "@/lib/db";
import type { TaskMatch } from "@/lib/domain/estimates/task-key";
import { safeCsvCell } from "@/lib/runs/corrected-table";
import { compareRuns, type RunComparison } from "@/lib/runs/comparison/compare-runs";

const outcome = (v: boolean | null) => (v === null ? "" : v ? "success" : "failure");

export const COMPARISON_CSV_HEADER = ["task", "goal", "first_episode", "first_automatic", "first_verified", "second_episode", "second_automatic", "second_verified", "discordant"] as const;

export function comparisonCsv(c: RunComparison): string {
  const rows = c.tasks.map((t) => [t.task, t.goal, t.first.episode, outcome(t.first.automatic), outcome(t.first.human), t.second.episode, outcome(t.second.automatic), outcome(t.second.human), t.discordant ?? ""]);
  return [[...COMPARISON_CSV_HEADER], ...rows].map((row) => row.map(safeCsvCell).join(",")).join("\r\n") + "\r\n";
}

export function comparisonJson(c: RunComparison) {
  const sampled = c.sampled?.outcome.ok ? { estimate: c.sampled.outcome.estimate.estimate, run: c.sampled.outcome.estimate.run, model: c.sampled.outcome.estimate.model, matched: c.sampled.matched, bothSampled: c.sampled.bothSampled } : null;
  return {
    first: c.first,
    second: c.second,
    match: c.match,
    matchedTasks: c.tasks.length,
    onlyFirst: c.onlyFirst,
    onlySecond: c.onlySecond,
    ambiguous: c.ambiguous,
    automatic: c.automatic,
    verifiedPairs: c.verifiedPairs,
    sampled,
    sampledMissing: sampled ? null : c.sampledMissing ?? (c.sampled ? "Too few tasks are in both samples and verified in both." : null),
    tasks: c.tasks.map((t) => ({
      task: t.task,
      goal: t.goal,
      discordant: t.discordant,
      first: { episode: t.first.episode, automatic: outcome(t.first.automatic) || null, verified: outcome(t.first.human) || null },
      second: { episode: t.second.episode, automatic: outcome(t.second.automatic) || null, verified: outcome(t.second.human) || null },
    })),
  };
}

export async function exportComparison(access: ProjectAccess, firstId: string, secondId: string, match: TaskMatch, format: "csv" | "json") {
  const comparison = await compareRuns(db(), access.projectId, firstId, secondId, match);
  await recordAudit(db(), { userId: access.user.id, projectId: access.projectId, action: "export.run_comparison", targetType: "run", targetId: firstId, details: { second: secondId, match, format } });
  const safe = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 60);
  return {
    body: format === "csv" ? comparisonCsv(comparison) : JSON.stringify(comparisonJson(comparison), null, 2),
    fileName: `${safe(comparison.first.name)}-vs-${safe(comparison.second.name)}.${format}`,
  };
}
