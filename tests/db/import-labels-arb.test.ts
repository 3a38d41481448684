// AgentRewardBench's human labels (annotations.csv, generated in the layout of
// McGill-NLP/agent-reward-bench, see tests/support/import-fixtures/agentrewardbench.ts) imported
// onto its AgentLab runs, on SQLite and PostgreSQL: one placeholder account per annotator,
// the first label of each trajectory pinned as its final answer (source "import"), the
// second ones submitted answers; judge-vs-human and agreement figures count them; importing
// the file again changes nothing, a label a person changed in Verity is reported and kept, a
// label the source changed follows where nobody touched it; linking a placeholder to a user
// moves its answers and credits, and later imports find that user.
import path from "node:path";
import { writeFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { importInto } from "./import-support";
import type { Db } from "@/lib/db";
import type { ProjectAccess } from "@/lib/auth/session";
import { answerAgreement } from "@/lib/dashboard/queue-agreement";
import { judgeVsHuman } from "@/lib/dashboard/judge-vs-human";
import { createImportJob, executeImportJob } from "@/lib/imports/import-job";
import { createLocalMediaStore } from "@/lib/media/local-store";
import { saveTrajectoryAnnotation } from "@/lib/trajectories/save-trajectory-annotation";
import { linkPlaceholder } from "@/lib/users/placeholders";
import {
  ANNOTATIONS_CSV,
  ARB_AGENTS,
  ARB_JUDGE,
  ARB_LINES,
  ARB_ROWS,
  ARB_RUNS,
  annotationsCsv,
  experimentFolder,
  writeAgentRewardBench,
} from "../support/import-fixtures/agentrewardbench";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";

const folderOf = (agent: string, task: string) => {
  const i = ARB_RUNS.findIndex((r) => r.agent === agent && r.task === task);
  return experimentFolder(ARB_RUNS[i]!, i);
};

async function importAs(db: Db, projectId: string, userId: string, target: string) {
  const scratch = await mkdtemp(path.join(os.tmpdir(), "verity-arb-"));
  const job = await createImportJob(db, projectId, userId, { target, scratch });
  return (await executeImportJob(db, createLocalMediaStore(path.join(os.tmpdir(), "verity-import-media")), job.id))!;
}

async function finalOf(db: Db, sourceId: string) {
  const t = await db.trajectory.findFirstOrThrow({ where: { sourceId }, include: { finalAnswer: true } });
  return t;
}

describe.each(PROVIDERS)("AgentRewardBench labels on %s", (provider) => {
  async function setup() {
    const { db } = await freshDatabase(provider);
    const project = await db.project.create({ data: { slug: "arb", name: "ARB", settings: {} } });
    const admin = await db.user.create({ data: { email: "admin@arb.test", name: "Admin" } });
    const root = await writeAgentRewardBench();
    const runs = await importInto(db, project.id, path.join(root, "agentlab_results"));
    expect(runs.created.trajectories).toBe(ARB_RUNS.length);
    const judges = await importInto(db, project.id, path.join(root, "judge-verdicts.jsonl"));
    expect(judges.created.verdicts).toBe(ARB_RUNS.length);
    return { db, project, admin, root, csv: path.join(root, ANNOTATIONS_CSV) };
  }

  it("imports every label as an annotation of its annotator's placeholder, pins the first of each trajectory, and the dashboard counts them", async () => {
    const { db, project, admin, csv } = await setup();
    const report = await importAs(db, project.id, admin.id, csv);
    expect(report.format).toBe("agentrewardbench");
    expect(report.labels).toEqual({ annotations: ARB_LINES.primaries + ARB_LINES.secondaries, placeholders: 5, finalAnswers: ARB_LINES.primaries });
    expect(report.rejected).toEqual([{ file: "annotations.csv", line: ARB_LINES.notImported, reason: expect.stringContaining(`no AgentLab trajectory of agent ${ARB_AGENTS.qwen} on task visualwebarena.resized.220`) }]);

    // One placeholder per annotator; " H" is H.
    const placeholders = await db.user.findMany({ where: { isPlaceholder: true }, orderBy: { name: "asc" } });
    expect(placeholders.map((p) => [p.name, p.passwordHash, p.email.endsWith("@placeholder.invalid")])).toEqual(
      ["A", "B", "D", "F", "H"].map((n) => [`${n} (AgentRewardBench)`, null, true]),
    );
    expect(await db.membership.count({ where: { userId: { in: placeholders.map((p) => p.id) } } })).toBe(0);
    const byName = new Map(placeholders.map((p) => [p.name[0]!, p.id]));

    // The first label of a trajectory is its final answer, pinned from A's annotation, decided by the admin who imported it.
    const q155 = await finalOf(db, folderOf(ARB_AGENTS.qwen, "webarena.155"));
    expect(q155).toMatchObject({ status: "verified", humanVerdict: "failure" });
    expect(q155.finalAnswer).toMatchObject({ source: "import", decision: "accept", decidedById: admin.id, contributorIds: [byName.get("A")], traceVerdict: "failure" });
    const fromAnnotation = await db.annotation.findUniqueOrThrow({ where: { id: q155.finalAnswer!.fromAnnotationId! } });
    expect(fromAnnotation).toMatchObject({ annotatorId: byName.get("A"), status: "submitted", traceVerdict: "failure", note: "AgentRewardBench: side effect No · optimality 3. Somewhat Optimal · looping Yes" });
    expect(fromAnnotation.extra).toMatchObject({ agentRewardBench: { annotator: "primary", optimality: "3. Somewhat Optimal", looping: "Yes" } });
    // H's second opinion is an annotation, not a revision.
    const second = await db.annotation.findFirstOrThrow({ where: { trajectoryId: q155.id, annotatorId: byName.get("H") } });
    expect(second).toMatchObject({ status: "submitted", traceVerdict: "success" });
    expect(await db.answerRevision.count({ where: { trajectoryId: q155.id } })).toBe(1);
    // "Unsure" is a decided label with no boolean: kept out of judge vs human.
    expect(await finalOf(db, folderOf(ARB_AGENTS.gpt4o, "webarena.344"))).toMatchObject({ status: "verified", humanVerdict: "unsure" });
    // webarena.17's label did not land on webarena.177, nor the reverse.
    expect(await finalOf(db, folderOf(ARB_AGENTS.gpt4o, "webarena.17"))).toMatchObject({ humanVerdict: "success" });
    expect((await finalOf(db, folderOf(ARB_AGENTS.gpt4o, "webarena.177"))).finalAnswer!.contributorIds).toEqual([byName.get("B")]);

    // Judge vs human: six verified trajectories with a boolean human verdict.
    const [judge] = await judgeVsHuman(db, project.id);
    expect(judge).toMatchObject({ judgeName: ARB_JUDGE, pairs: 6, matrix: [[1, 1], [1, 3]] });
    expect(judge!.kappa).toBeCloseTo(0.25, 10);
    // Agreement between the two annotators of the same trajectories: A and H on three, A and D on one.
    const [trajectories] = await answerAgreement(db, project.id);
    const pairs = new Map(trajectories!.pairs.map((p) => [[p.a.name, p.b.name].sort().join(" × "), p.trace]));
    expect(pairs.get("A (AgentRewardBench) × H (AgentRewardBench)")).toMatchObject({ n: 3 });
    expect(pairs.get("A (AgentRewardBench) × H (AgentRewardBench)")!.kappa).toBeCloseTo(0, 10);
    expect(pairs.get("A (AgentRewardBench) × D (AgentRewardBench)")).toEqual({ n: 1, kappa: null });
  });

  it("changes nothing when imported again, keeps a label changed in Verity, follows one changed at the source, and a linked placeholder's work moves to its user", async () => {
    const { db, project, admin, root, csv } = await setup();
    await importAs(db, project.id, admin.id, csv);
    const counts = async () => ({ annotations: await db.annotation.count(), revisions: await db.answerRevision.count(), users: await db.user.count(), imported: await db.importedAnnotator.count() });
    const before = await counts();

    const again = await importAs(db, project.id, admin.id, csv);
    expect(again.labels).toEqual({ annotations: 0, placeholders: 0, finalAnswers: 0 });
    expect(again).toMatchObject({ unchanged: ARB_LINES.primaries + ARB_LINES.secondaries, updated: 0, rejectedCount: 1 });
    expect(await counts()).toEqual(before);

    // H is Hana: linking moves H's three answers to her, and deletes the placeholder.
    const hana = await db.user.create({ data: { email: "hana@arb.test", name: "Hana" } });
    const h = await db.user.findFirstOrThrow({ where: { name: "H (AgentRewardBench)" } });
    // Hana is not a member of the project H's work was done in: the owner says so explicitly.
    await expect(linkPlaceholder(db, { placeholderId: h.id, userId: hana.id, ownerId: admin.id })).rejects.toMatchObject({ code: "conflict", message: expect.stringMatching(/is not a member of/) });
    const linked = await linkPlaceholder(db, { placeholderId: h.id, userId: hana.id, ownerId: admin.id, confirmNonMember: true });
    expect(linked).toMatchObject({ annotations: 3, revisions: 0 });
    expect(await db.user.findUnique({ where: { id: h.id } })).toBeNull();
    expect(await db.annotation.count({ where: { annotatorId: hana.id } })).toBe(3);
    const [agreement] = await answerAgreement(db, project.id);
    expect(agreement!.pairs.some((p) => p.a.name === "Hana" || p.b.name === "Hana")).toBe(true);

    // Hana changes her mind in Verity on webarena.24; the source meanwhile changes B's label on webarena.17.
    const q24 = await db.trajectory.findFirstOrThrow({ where: { sourceId: folderOf(ARB_AGENTS.qwen, "webarena.24") } });
    const mine = await db.annotation.findFirstOrThrow({ where: { trajectoryId: q24.id, annotatorId: hana.id } });
    const access: ProjectAccess = { user: { id: hana.id, email: hana.email, name: hana.name, isOwner: false }, projectId: project.id, role: "annotator" };
    await saveTrajectoryAnnotation(db, access, { trajectoryId: q24.id, baseVersion: mine.version, status: "submitted", payload: { traceVerdict: "failure", firstWrongStep: null, steps: [], note: "on second look" } });
    const changed = ARB_ROWS.map((r) => (r.startsWith(" H,webarena,webarena.24,") ? r.replace("Successful", "Unsure") : r.startsWith("B,webarena,webarena.17,") ? r.replace("Successful", "Unsuccessful") : r));
    await writeFile(csv, annotationsCsv(changed));
    const g17 = await db.trajectory.findFirstOrThrow({ where: { sourceId: folderOf(ARB_AGENTS.gpt4o, "webarena.17") } });
    const firstRevision = await db.answerRevision.findFirstOrThrow({ where: { trajectoryId: g17.id } });

    const third = await importAs(db, project.id, admin.id, csv);
    // Nobody looked for a new H: the linked name resolves to Hana.
    expect(third.labels.placeholders).toBe(0);
    expect(await db.user.count({ where: { isPlaceholder: true } })).toBe(4);
    expect(third.updated).toBe(1);
    const h24Line = ARB_ROWS.findIndex((r) => r.startsWith(" H,webarena,webarena.24,")) + 2;
    expect(third.rejected).toContainEqual({ file: "annotations.csv", line: h24Line, reason: expect.stringMatching(/^not applied: .*changed in Verity since it was imported \(version 2\)/) });
    expect(await db.annotation.findUniqueOrThrow({ where: { id: mine.id } })).toMatchObject({ traceVerdict: "failure", note: "on second look", annotatorId: hana.id });
    // B's changed label was nobody's work in Verity: it follows, as a new revision of the final answer it had pinned.
    const g17After = await db.trajectory.findUniqueOrThrow({ where: { id: g17.id }, include: { finalAnswer: true } });
    expect(g17After).toMatchObject({ humanVerdict: "failure", status: "verified" });
    expect(g17After.finalAnswer).toMatchObject({ revision: 2, source: "import" });
    expect(await db.answerRevision.findUniqueOrThrow({ where: { id: firstRevision.id } })).toMatchObject({ supersededReason: "replaced by revision 2" });
    void project;
    void root;
  });
});
