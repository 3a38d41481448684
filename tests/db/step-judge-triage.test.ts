// A step-level judge in triage and calibration, on SQLite and PostgreSQL: UI-Venus framework
// episodes (generated in the framework's layout, pickles by python3) import the reflection
// supervisor's acceptance of each step's action as its verdict (a step whose last judgement
// rejects has none: it judged a proposal that never ran); a reviewer labels one episode's steps
// on the review path.
// The steps where the supervisor and the label disagree are triage candidates (impact 1 / T),
// a triage queue takes them, the decision view shows the step, and an override settles one;
// the calibration (and the API's judges) counts the step pairs by the label's yes/no (correct
// yes; incorrect no, a redundant step too; an environment issue or unsure: no pair), with the
// judge's own values, whatever the override.
import os from "node:os";
import path from "node:path";
import { mkdtemp } from "node:fs/promises";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { JudgeAgreementSchema } from "@/lib/api/v1-schemas";
import { judgeCalibration } from "@/lib/runs/calibration/judge-calibration";
import { createApiToken } from "@/lib/tokens/tokens";
import { createTriageQueue } from "@/lib/triage/create-triage-queue";
import { decideTriageItem } from "@/lib/triage/decide-triage-item";
import { listTriageCandidates } from "@/lib/triage/triage-candidates";
import { loadTriageItem } from "@/lib/triage/triage-item-view";
import { saveTrajectoryAnnotation } from "@/lib/trajectories/save-trajectory-annotation";
import * as judgesRoute from "@/app/api/v1/projects/[projectId]/judges/route";
import { PROVIDERS } from "./databases";
import { importInto } from "./import-support";
import { queueProject } from "./queue-support";
import { readVenusEpisodesWithPython, VENUS_EPISODES, venusSkipReason, writeVenusFrameworkRun } from "../support/import-fixtures/venus-framework";

type PyEntry = { verdict: string; judgment: Record<string, unknown> };
type PyEpisode = { episode_id: string; episode_data: { reflection_history: PyEntry[] }[] };

const JUDGE = "ui-venus-reflection-supervisor";

// The test's own reading of the supervisor's word on the action that ran: its acceptance (a
// defaulted CORRECT has no evidence; a last rejection is of a proposal that never ran).
function supervisorSaid(history: PyEntry[]): boolean | null {
  const last = history.at(-1);
  if (!last || !("evidence" in last.judgment)) return null;
  return last.verdict === "CORRECT" || last.verdict === "EXPLORATORY" ? true : null;
}

describe.skipIf(venusSkipReason !== null).each(PROVIDERS)("a step-level judge in triage and calibration on %s", (provider) => {
  let root = "";
  let episodes: PyEpisode[] = [];
  beforeAll(async () => {
    root = path.join(await mkdtemp(path.join(os.tmpdir(), "verity-step-judge-")), "traces");
    await writeVenusFrameworkRun(root);
    episodes = readVenusEpisodesWithPython(root) as unknown as PyEpisode[];
  });

  it("lists the disagreeing steps, decides one in a triage queue, and counts the step pairs in calibration", async () => {
    const { db, project, person } = await queueProject(provider, { rev: "reviewer", admin: "admin" });
    await importInto(db, project.id, root);
    const v2 = episodes.find((e) => e.episode_id === VENUS_EPISODES.v2)!;
    const said = v2.episode_data.map((s) => supervisorSaid(s.reflection_history));
    // The generated episode: yes, yes, none (its retries ran out), none (a defaulted CORRECT), yes.
    expect(said).toEqual([true, true, null, null, true]);

    // Nothing is in dispute before anyone labels a step.
    expect((await listTriageCandidates(db, project)).candidates).toEqual([]);

    const trajectory = await db.trajectory.findFirstOrThrow({ where: { projectId: project.id, sourceId: VENUS_EPISODES.v2 }, include: { steps: { orderBy: { index: "asc" } } } });
    await saveTrajectoryAnnotation(db, person("rev"), {
      trajectoryId: trajectory.id, baseVersion: null, status: "submitted",
      payload: {
        traceVerdict: "failure", firstWrongStep: null, note: null,
        steps: [
          { stepIndex: 0, label: "correct" },
          { stepIndex: 1, label: "incorrect", errorKind: "redundant" },
          { stepIndex: 2, label: "correct" },
          { stepIndex: 3, label: "incorrect", errorKind: "env_issue" },
          { stepIndex: 4, label: "incorrect", errorKind: "wrong_element" },
        ],
      },
    });
    expect((await db.trajectory.findUniqueOrThrow({ where: { id: trajectory.id } })).status).toBe("verified");
    // UI-Venus-1.5's episode (accepted: steps 1, 2, 5, 6): an environment issue and an unsure
    // answer nothing about the action; the last two are correct.
    const v15 = await db.trajectory.findFirstOrThrow({ where: { projectId: project.id, sourceId: VENUS_EPISODES.v15 } });
    await saveTrajectoryAnnotation(db, person("rev"), {
      trajectoryId: v15.id, baseVersion: null, status: "submitted",
      payload: {
        traceVerdict: "success", firstWrongStep: null, note: null,
        steps: [
          { stepIndex: 0, label: "incorrect", errorKind: "env_issue" },
          { stepIndex: 1, label: "unsure" },
          { stepIndex: 4, label: "correct" },
          { stepIndex: 5, label: "correct" },
        ],
      },
    });

    // Triage: step 2 (judge yes, human redundant) and step 5 (judge yes, human wrong element), each 1/5.
    const listed = await listTriageCandidates(db, project);
    const steps = listed.candidates.map((c) => (c.kind === "step" ? [c.stepIndex, c.judgeName, c.judge, c.human?.label, c.reasons, c.impact] : c.kind));
    expect(steps.sort()).toEqual([
      [1, JUDGE, true, "incorrect", ["judge_vs_human"], 1 / 5],
      [4, JUDGE, true, "incorrect", ["judge_vs_human"], 1 / 5],
    ]);

    const { queue, itemCount } = await createTriageQueue(db, person("admin"), { name: "steps", memberIds: [person("rev").user.id], leaseSeconds: 600, limit: 10 });
    expect(itemCount).toBe(2);
    const last = listed.candidates.find((c) => c.kind === "step" && c.stepIndex === 4)!;
    const item = await db.queueItem.findFirstOrThrow({ where: { queueId: queue.id, verdictId: last.verdictId } });
    expect(item.trajectoryId).toBe(trajectory.id);

    const view = await loadTriageItem(db, project, item.id, null, person("rev").user.id);
    expect(view?.target.kind).toBe("step");
    expect(view?.target.kind === "step" && view.target.step.index).toBe(4);
    expect(view?.target.kind === "step" && view.target.step.media).not.toBeNull();
    expect(view?.candidate).toMatchObject({ kind: "step", stepIndex: 4, judge: true, human: { label: "incorrect", errorKind: "wrong_element" } });
    expect(view?.verdicts.map((v) => [v.judgeName, v.metric, v.value])).toEqual([[JUDGE, "step_score", true]]);

    // The reviewer overrides the supervisor's acceptance of step 5: the human label was right.
    const decided = await decideTriageItem(db, person("rev"), { queueItemId: item.id, decision: "override", value: false, preset: 3 });
    expect(decided.outcome).toBe("overridden");
    const verdict = await db.judgeVerdict.findUniqueOrThrow({ where: { id: last.verdictId }, include: { overrides: true } });
    expect(verdict).toMatchObject({ valueBool: true, effectiveBool: false });
    expect(verdict.overrides.map((o) => [o.valueBool, o.reason])).toEqual([[false, "action was wrong or wasted"]]);
    // Its effective value now agrees with the label: it leaves the list; the other stays, queued.
    const after = await listTriageCandidates(db, project);
    expect(after.candidates.map((c) => (c.kind === "step" ? [c.stepIndex, c.queued?.queueName] : c.kind))).toEqual([[1, "steps"]]);

    // Calibration: every step verdict judged; the pairs on the labeled episode, by the judge's
    // own values (the override is a person's label): on UI-Venus-2's episode step 1 yes/yes,
    // step 2 yes/no, step 5 yes/no; on UI-Venus-1.5's steps 5 and 6 yes/yes.
    const judged = episodes.flatMap((e) => e.episode_data).filter((s) => supervisorSaid(s.reflection_history) !== null).length;
    const rows = await judgeCalibration(db, project.id);
    expect(rows.map((r) => [r.level, r.judgeName])).toEqual([["step", JUDGE]]);
    expect(rows[0]).toMatchObject({ judged, flips: null });
    expect(rows[0]!.metrics.confusion).toEqual({ truePositive: 3, falsePositive: 2, falseNegative: 0, trueNegative: 0 });
    expect(rows[0]!.metrics.pairs).toBe(5);
    const byApp = await judgeCalibration(db, project.id, { split: "app" });
    expect(byApp.reduce((n, r) => n + r.judged, 0)).toBe(judged);
    expect(byApp.map((r) => [r.split, r.metrics.pairs])).toEqual([["Settings", 2], ["天气", 3]]);

    // The API's judges read the same rows.
    (globalThis as unknown as { verityDb?: unknown }).verityDb = db;
    const { secret } = await createApiToken(db, project.id, person("rev").user.id, { name: "r", role: "reviewer" });
    const response = await judgesRoute.GET(new NextRequest(`http://verity.test/api/v1/projects/${project.id}/judges`, { headers: { authorization: `Bearer ${secret}` } }), { params: Promise.resolve({ projectId: project.id }) });
    const api = JudgeAgreementSchema.parse(await response.json());
    delete (globalThis as unknown as { verityDb?: unknown }).verityDb;
    expect(api.judges.map((j) => [j.level, j.judgeName, j.judged, j.pairs, j.confusion])).toEqual([["step", JUDGE, judged, 5, rows[0]!.metrics.confusion]]);
  });
});
