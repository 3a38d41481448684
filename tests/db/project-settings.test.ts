import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { updateProjectSettings } from "@/lib/projects/update-settings";
import { runRederiveJob } from "@/lib/derived/rederive-job";
import { claimJob } from "@/lib/jobs/jobs";
import { rederiveStale } from "./derived-support";
import { recordVerdict } from "@/lib/verdicts/record-verdict";

describe.each(PROVIDERS)("project settings on %s", (provider) => {
  const form = { name: "Renamed", description: "", eta: "0.95", invalidActionPenalty: "-0.2", goldMin: "8", rewriteMin: "5", iouAgreementThreshold: "0.6", honeypotRate: "0.1", triageMargin: "0.25" };

  it("stores validated settings and refuses thresholds in the wrong order", async () => {
    const { db } = await freshDatabase(provider);
    const project = await db.project.create({ data: { slug: "s", name: "S", settings: {} } });
    await updateProjectSettings(db, project.id, { ...form, advantagePolicy: "automatic_fallback" });
    const saved = await db.project.findUniqueOrThrow({ where: { id: project.id } });
    expect(saved.name).toBe("Renamed");
    expect(saved.settings).toEqual({
      rewards: { eta: 0.95, invalidActionPenalty: -0.2, advantagePolicy: "automatic_fallback" },
      tiers: { goldMin: 8, rewriteMin: 5 },
      iouAgreementThreshold: 0.6,
      honeypotRate: 0.1,
      triageMargin: 0.25,
      judgeCertification: { minLowerBound: 0.8, minPairs: 150 },
    });
    // The judge certification bar: kept when the form leaves it out, stored when given.
    await updateProjectSettings(db, project.id, { ...form, advantagePolicy: "automatic_fallback", certificationLowerBound: "0.85", certificationMinPairs: "200" });
    const certified = await db.project.findUniqueOrThrow({ where: { id: project.id } });
    expect((certified.settings as { judgeCertification: object }).judgeCertification).toEqual({ minLowerBound: 0.85, minPairs: 200 });
    await expect(updateProjectSettings(db, project.id, { ...form, certificationLowerBound: "1.2" })).rejects.toThrow();
    await updateProjectSettings(db, project.id, { ...form, advantagePolicy: "automatic_fallback" });
    expect((await db.project.findUniqueOrThrow({ where: { id: project.id } })).settings).toEqual(certified.settings);
    await updateProjectSettings(db, project.id, { ...form, advantagePolicy: "automatic_fallback", certificationLowerBound: "0.8", certificationMinPairs: "150" });
    await expect(updateProjectSettings(db, project.id, { ...form, goldMin: "3", rewriteMin: "6" })).rejects.toThrow();
    await expect(updateProjectSettings(db, project.id, { ...form, eta: "1.5" })).rejects.toThrow();
    expect((await db.project.findUniqueOrThrow({ where: { id: project.id } })).settings).toEqual(saved.settings);
  });

  it("stores the penalised step error kinds only when some are chosen, and a choice re-derives the rewards", async () => {
    const { db } = await freshDatabase(provider);
    const project = await db.project.create({ data: { slug: "s", name: "S", settings: {} } });
    // Saving with none chosen stores no list (the same derivation inputs as never choosing).
    await updateProjectSettings(db, project.id, { ...form, penalisedErrorKinds: [] });
    const first = await db.project.findUniqueOrThrow({ where: { id: project.id } });
    expect((first.settings as { rewards: object }).rewards).not.toHaveProperty("penalisedErrorKinds");
    const chosen = await updateProjectSettings(db, project.id, { ...form, penalisedErrorKinds: ["redundant", "no_effect", "redundant"] });
    expect(chosen.rederive).toBe(true);
    expect((await db.project.findUniqueOrThrow({ where: { id: project.id } })).settings).toMatchObject({ rewards: { penalisedErrorKinds: ["redundant", "no_effect"] } });
    // A caller that does not send the list keeps it.
    await updateProjectSettings(db, project.id, form);
    expect((await db.project.findUniqueOrThrow({ where: { id: project.id } })).settings).toMatchObject({ rewards: { penalisedErrorKinds: ["redundant", "no_effect"] } });
    await expect(updateProjectSettings(db, project.id, { ...form, penalisedErrorKinds: ["typo"] })).rejects.toThrow();
  });

  it("takes the honeypot share in percent from the settings form, as the new-queue form asks it", async () => {
    const { db } = await freshDatabase(provider);
    const project = await db.project.create({ data: { slug: "s", name: "S", settings: {} } });
    const { honeypotRate: _rate, ...percentForm } = form;
    await updateProjectSettings(db, project.id, { ...percentForm, honeypotPercent: "5" });
    expect((await db.project.findUniqueOrThrow({ where: { id: project.id } })).settings).toMatchObject({ honeypotRate: 0.05 });
    await expect(updateProjectSettings(db, project.id, { ...percentForm, honeypotPercent: "95" })).rejects.toThrow();
  });

  it("a change that moves derived values gives the project a new revision and a recompute job that derives every item again", async () => {
    const { db } = await freshDatabase(provider);
    const project = await db.project.create({ data: { slug: "s", name: "S", settings: {} } });
    const sample = await db.groundingSample.create({ data: { projectId: project.id, instruction: "tap", sourceDataset: "s", sourceId: "1", contentHash: "1" } });
    await recordVerdict(db, { projectId: project.id, sampleId: sample.id, kind: "mllm", judgeName: "teacher", metric: "quality_score", valueScore: 7 });
    await rederiveStale(db, project.id);
    expect(await db.groundingSample.findUniqueOrThrow({ where: { id: sample.id } })).toMatchObject({ qualityTier: "gold", derivedRevision: 1 });

    // Gold from 8 now: the sample is stale until the job has derived it again.
    const changed = await updateProjectSettings(db, project.id, form);
    expect(changed.rederive).toBe(true);
    expect((await db.project.findUniqueOrThrow({ where: { id: project.id } })).derivationRevision).toBe(2);
    const job = await db.job.findFirstOrThrow({ where: { projectId: project.id, kind: "rederive", status: "queued" } });
    expect(await claimJob(db, job.id)).toBe(true);
    await runRederiveJob(db, job.id);
    expect(await db.groundingSample.findUniqueOrThrow({ where: { id: sample.id } })).toMatchObject({ qualityTier: "rewrite", derivedRevision: 2 });
    expect(await db.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: "succeeded", total: 1, report: { samples: 1, trajectories: 0 } });

    // The name alone moves nothing: no new revision, no job.
    expect((await updateProjectSettings(db, project.id, { ...form, name: "Again" })).rederive).toBe(false);
    expect(await db.job.count({ where: { kind: "rederive" } })).toBe(1);
  });
});
