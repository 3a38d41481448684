// Where models disagree, from stored values: a run whose k samples split, two judges with
// opposite verdicts, a judge against the rule verifier, a model's point outside a box a
// reviewer verified; each item once with all its reasons, ranked by triage impact.
process.env.NEXTAUTH_SECRET ??= "model-disagreements-test-secret-0123456789abcd";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "../databases";
import { grounding, pinSample } from "../derived-support";
import { generatedFixtures, importInto, importProject, IMPORT_MEDIA_DIR } from "../import-support";
import { startOpenAiStandIn, type OpenAiStandIn } from "@/tests/support/openai-stand-in";
import { createLocalMediaStore } from "@/lib/media/local-store";
import { createConnection } from "@/lib/models/connections/connections";
import { modelDisagreements } from "@/lib/models/disagreements/model-disagreements";
import { runModelRunJob } from "@/lib/models/runs/model-run-job";
import { startModelRun } from "@/lib/models/runs/start-model-run";
import { recordVerdict } from "@/lib/verdicts/record-verdict";
import { rederiveStale } from "@/lib/derived/rederive-stale";
import { trajectoryCandidates } from "@/lib/triage/trajectory-candidates";
import { ProjectSettingsSchema } from "@/lib/domain/project-settings";

const store = createLocalMediaStore(IMPORT_MEDIA_DIR);

describe.each(PROVIDERS)("model disagreements on %s", (provider) => {
  const servers: OpenAiStandIn[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  it("finds split samples, opposite judges, a judge against the rule and misses of verified boxes, ranked by impact", async () => {
    const { db } = await freshDatabase(provider);
    const user = await db.user.create({ data: { email: "admin@x.test", name: "Admin" } });
    const projectId = await importProject(db, "dis");
    const root = await generatedFixtures();
    await importInto(db, projectId, path.join(root, "screenspot-pro"));
    await importInto(db, projectId, path.join(root, "androidlab-run"));
    const samples = await db.groundingSample.findMany({ where: { projectId }, orderBy: { id: "asc" } });
    const trajectories = await db.trajectory.findMany({ where: { projectId }, orderBy: { id: "asc" } });

    // k = 2 at temperature 0.7: the first sample's two answers land far apart, every other agrees.
    const asked = new Map<string, number>();
    const server = await startOpenAiStandIn({
      models: ["m"],
      reply: (req) => {
        const n = asked.get(req.text) ?? 0;
        asked.set(req.text, n + 1);
        return { content: req.text.includes(samples[0]!.instruction) && n === 1 ? "[900,900]" : "[10,10]" };
      },
    });
    servers.push(server);
    const connection = await createConnection(db, projectId, user.id, { name: "gpu", baseUrl: server.url, model: "m", convention: "rel1000" });
    const run = await startModelRun(db, projectId, user.id, { connectionId: connection.id, templateId: "ui-venus-1.5-grounding", k: 2, temperature: 0.7, scope: { kind: "ids", ids: samples.slice(0, 3).map((s) => s.id) } });
    await runModelRunJob(db, run.jobId, { store });

    // A reviewer verifies the second sample's box where the model's (10,10)-ish point is not.
    await pinSample(db, projectId, samples[1]!.id, grounding([200, 200, 300, 300]), { decidedById: user.id });
    // Two judges with opposite verdicts on the first trajectory; a judge against the rule on the second.
    const [t1, t2] = trajectories;
    await recordVerdict(db, { projectId, trajectoryId: t1!.id, kind: "mllm", judgeName: "judge-a", metric: "trace_success", valueBool: true });
    await recordVerdict(db, { projectId, trajectoryId: t1!.id, kind: "mllm", judgeName: "judge-b", promptVersion: "v2", metric: "trace_success", valueBool: false });
    await recordVerdict(db, { projectId, trajectoryId: t2!.id, kind: "rule", judgeName: "checker", metric: "trace_success", valueBool: true });
    await recordVerdict(db, { projectId, trajectoryId: t2!.id, kind: "mllm", judgeName: "judge-a", metric: "trace_success", valueBool: false });
    await rederiveStale(db, projectId);

    const found = await modelDisagreements(db, projectId);
    const sampleRow = (id: string) => found.samples.find((s) => s.id === id);
    expect(sampleRow(samples[0]!.id)).toMatchObject({ reasons: ["samples_disagree"], agreement: 0.5, models: [run.outputName] });
    expect(sampleRow(samples[1]!.id)).toMatchObject({ reasons: ["outside_verified"], models: [run.outputName] });
    expect(sampleRow(samples[2]!.id)).toBeUndefined();
    const trajectoryRow = (id: string) => found.trajectories.find((t) => t.id === id);
    expect(trajectoryRow(t1!.id)?.reasons).toContain("judges_disagree");
    expect(trajectoryRow(t1!.id)?.models).toEqual(expect.arrayContaining(["judge-a", "judge-b (v2)"]));
    expect(trajectoryRow(t2!.id)?.reasons).toContain("judge_vs_rule");
    for (const list of [found.samples, found.trajectories]) {
      for (let i = 1; i < list.length; i++) expect(list[i - 1]!.impact).toBeGreaterThanOrEqual(list[i]!.impact);
    }
    // The impact is triage's own number for the item.
    const triage = await trajectoryCandidates(db, projectId, ProjectSettingsSchema.parse({}).rewards, [t1!.id, t2!.id]);
    for (const c of triage) expect(trajectoryRow(c.trajectoryId)!.impact).toBe(c.impact);
    expect(trajectoryRow(t1!.id)!.impact).toBeGreaterThan(0);
  });
});
