import "server-only";
// A WebVoyager run's success per site (web_name) and overall: as its GPT-4V auto-evaluator
// judged it (imported from evaluation.log, lib/imports/formats/trajectories/webvoyager-
// evaluation.ts) and as the verified answers correct it (a verified success or failure
// replaces the judge's verdict; elsewhere the judge's stands). Each rate with a 95% Wilson
// interval; the task's reference answer (reference_answer.json) is shown beside the agent's.
// Stored values only: the automatic outcome after overrides and the verified outcome.
// Written back as auto_eval.py would print its per-site lists (1, 0, None in task order).
import type { Db } from "@/lib/db";
import { wilsonInterval, type WilsonInterval } from "@/lib/domain/wilson";
import { reviewersOf, type VerifiedBy } from "@/lib/benchmarks/verified-by";

export type WebVoyagerTask = {
  trajectoryId: string;
  taskId: string;
  site: string;
  auto: boolean | null;
  corrected: boolean | null;
  answer: string | null;
  reference: { type: string; ans: string } | null;
  verifiedBy: VerifiedBy | null;
};

type Rate = { successes: number; n: number; interval: WilsonInterval | null };
const rate = (values: (boolean | null)[]): Rate => {
  const known = values.filter((v): v is boolean => v !== null);
  const successes = known.filter(Boolean).length;
  return { successes, n: known.length, interval: known.length ? wilsonInterval(successes, known.length) : null };
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const taskNumber = (taskId: string) => Number(/--(\d+)$/.exec(taskId)?.[1] ?? Number.MAX_SAFE_INTEGER);

export async function loadWebVoyagerReport(db: Db, projectId: string, runId: string) {
  const run = await db.evaluationRun.findFirst({ where: { id: runId, projectId } });
  if (!run || run.benchmark !== "webvoyager") return null;
  const rows = await db.trajectory.findMany({
    where: { projectId, runId },
    select: { id: true, app: true, extra: true, effectiveAutoOutcome: true, outcome: true, outcomeSource: true, finalAnswerId: true, steps: { where: { actionType: "finish" }, select: { action: true } } },
  });
  const reviewers = await reviewersOf(db, projectId, rows);
  const tasks: WebVoyagerTask[] = rows.map((r) => {
    const e = isObject(r.extra) ? r.extra : {};
    const ref = isObject(e.referenceAnswer) ? e.referenceAnswer : null;
    const finish = r.steps[0]?.action;
    const auto = r.effectiveAutoOutcome;
    return {
      trajectoryId: r.id,
      taskId: String(e.taskId ?? r.id),
      site: r.app ?? "(no site)",
      auto,
      corrected: r.outcomeSource === "human" ? r.outcome : auto,
      answer: isObject(finish) && typeof finish.answer === "string" ? finish.answer : null,
      reference: ref && typeof ref.ans === "string" ? { type: String(ref.type ?? ""), ans: ref.ans } : null,
      verifiedBy: reviewers.get(r.id) ?? null,
    };
  });
  tasks.sort((a, b) => (a.site < b.site ? -1 : a.site > b.site ? 1 : taskNumber(a.taskId) - taskNumber(b.taskId)));
  const sites = [...new Set(tasks.map((t) => t.site))];
  return {
    run: { id: run.id, name: run.name },
    tasks,
    perSite: sites.map((site) => {
      const of = tasks.filter((t) => t.site === site);
      return { site, tasks: of.length, auto: rate(of.map((t) => t.auto)), corrected: rate(of.map((t) => t.corrected)) };
    }),
    overall: { auto: rate(tasks.map((t) => t.auto)), corrected: rate(tasks.map((t) => t.corrected)) },
    changed: tasks.filter((t) => t.verifiedBy && t.corrected !== t.auto),
  };
}

export type WebVoyagerReport = NonNullable<Awaited<ReturnType<typeof loadWebVoyagerReport>>>;

const py = (v: boolean | null) => (v === null ? "None" : v ? "1" : "0");

/** What auto_eval.py prints per site (`print(web_task_res)`), with the corrected verdicts. */
export function perSiteResults(report: WebVoyagerReport, version: "reproduced" | "corrected"): string {
  return report.perSite
    .map((s) => `${s.site}: [${report.tasks.filter((t) => t.site === s.site).map((t) => py(version === "reproduced" ? t.auto : t.corrected)).join(", ")}]`)
    .join("\n") + "\n";
}
