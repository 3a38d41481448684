import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { updateProjectSettings } from "@/lib/projects/update-settings";

describe.each(PROVIDERS)("project settings on %s", (provider) => {
  it("stores validated settings and refuses thresholds in the wrong order", async () => {
    const { db } = await freshDatabase(provider);
    const project = await db.project.create({ data: { slug: "s", name: "S", settings: {} } });
    const form = { name: "Renamed", description: "", eta: "0.95", invalidActionPenalty: "-0.2", goldMin: "8", rewriteMin: "5", iouAgreementThreshold: "0.6", honeypotRate: "0.1", triageMargin: "0.25" };
    await updateProjectSettings(db, project.id, form);
    const saved = await db.project.findUniqueOrThrow({ where: { id: project.id } });
    expect(saved.name).toBe("Renamed");
    expect(saved.settings).toEqual({ rewards: { eta: 0.95, invalidActionPenalty: -0.2 }, tiers: { goldMin: 8, rewriteMin: 5 }, iouAgreementThreshold: 0.6, honeypotRate: 0.1, triageMargin: 0.25 });
    await expect(updateProjectSettings(db, project.id, { ...form, goldMin: "3", rewriteMin: "6" })).rejects.toThrow();
    await expect(updateProjectSettings(db, project.id, { ...form, eta: "1.5" })).rejects.toThrow();
    expect((await db.project.findUniqueOrThrow({ where: { id: project.id } })).settings).toEqual(saved.settings);
  });
});
