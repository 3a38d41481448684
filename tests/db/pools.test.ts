// Pools as admins manage them, on SQLite and PostgreSQL: validated definitions (profile per
// kind, targets confined to the pool roots and never shared with another pool of any
// project), a fixed kind, deletion refused while an export runs, and every change audited.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { exportWorld, makePool } from "./export-support";
import { startExport } from "@/lib/exports/start-export";
import { createPool, deletePool, updatePool } from "@/lib/pools/pools";
import { env } from "@/lib/env";

describe.each(PROVIDERS)("pools on %s", (provider) => {
  async function setup() {
    const world = await exportWorld((await freshDatabase(provider)).db);
    return { world, actor: { userId: world.admin.user.id, projectId: world.projectId } };
  }

  it("refuses a profile the kind does not have, a bad name, a target outside the pool roots or a root itself, and a malformed S3 URI, naming the field", async () => {
    const { world, actor } = await setup();
    const base = { name: "g", kind: "grounding", profile: "ms-swift", targetType: "local", targetUri: world.poolDir("g") };
    await expect(createPool(world.db, actor, { ...base, profile: "table" })).rejects.toMatchObject({ issues: [expect.objectContaining({ path: ["profile"], message: expect.stringMatching(/verl, easyr1, ms-swift, llama-factory, hf-datasets/) })] });
    await expect(createPool(world.db, actor, { ...base, name: "Bad Name!" })).rejects.toMatchObject({ issues: [expect.objectContaining({ path: ["name"] })] });
    await expect(createPool(world.db, actor, { ...base, targetUri: "/etc/verity-pool" })).rejects.toMatchObject({ code: "invalid_input", message: expect.stringMatching(/inside one of the pool roots/) });
    // A pool root itself (issue 36 item 15: every other project's pools would then nest in it and be refused).
    for (const root of env().poolRoots) {
      await expect(createPool(world.db, actor, { ...base, targetUri: `${root}/` })).rejects.toMatchObject({ code: "invalid_input", message: expect.stringMatching(/is a pool root itself/) });
    }
    await expect(createPool(world.db, actor, { ...base, targetUri: `${world.poolDir("g")}/../../escape` })).rejects.toMatchObject({ code: "invalid_input", message: expect.stringMatching(/'\.\.'/) });
    await expect(createPool(world.db, actor, { ...base, targetType: "s3", targetUri: "s3://Bad_Bucket/x" })).rejects.toMatchObject({ issues: [expect.objectContaining({ path: ["targetUri"] })] });
    await expect(createPool(world.db, actor, { ...base, settings: { runId: "abcdefghijkl" } })).rejects.toMatchObject({ issues: [expect.objectContaining({ path: ["settings", "runId"] })] });
    expect(await world.db.pool.count()).toBe(0);
  });

  it("never lets two pools, of one project or two, write the same target or nest in each other", async () => {
    const { world, actor } = await setup();
    const pool = await makePool(world, { name: "first", kind: "grounding", profile: "ms-swift" });
    const other = await world.db.project.create({ data: { slug: "two", name: "Two", settings: {} } });
    const same = { name: "copy", kind: "navigation", profile: "easyr1", targetType: "local", targetUri: pool.targetUri };
    await expect(createPool(world.db, { userId: null, projectId: other.id }, same)).rejects.toMatchObject({ code: "conflict" });
    await expect(createPool(world.db, actor, { ...same, targetUri: path.join(pool.targetUri, "inner") })).rejects.toMatchObject({ code: "conflict" });
    await expect(createPool(world.db, actor, { ...same, targetUri: path.dirname(pool.targetUri) })).rejects.toMatchObject({ code: "conflict" });
    await expect(createPool(world.db, actor, { ...same, name: "first", targetUri: world.poolDir("elsewhere") })).rejects.toMatchObject({ code: "conflict", message: expect.stringMatching(/already exists/) });
    // A sibling whose name shares a prefix is not nested.
    await expect(createPool(world.db, actor, { ...same, targetUri: `${pool.targetUri}-2` })).resolves.toMatchObject({ name: "copy" });
    const s3 = { name: "s3", kind: "grounding", profile: "verl", targetType: "s3", targetUri: "s3://pools/team/grounding" };
    await createPool(world.db, actor, s3);
    await expect(createPool(world.db, { userId: null, projectId: other.id }, { ...s3, targetUri: "s3://pools/team/grounding/" })).rejects.toMatchObject({ code: "conflict" });
    await expect(createPool(world.db, { userId: null, projectId: other.id }, { ...s3, targetUri: "s3://pools/team" })).rejects.toMatchObject({ code: "conflict" });
  });

  it("updates everything but the kind, refuses deletion while an export is queued, and audits each change", async () => {
    const { world, actor } = await setup();
    const pool = await makePool(world, { name: "g", kind: "grounding", profile: "ms-swift" });
    const edit = { name: "g2", kind: "grounding", profile: "verl", targetType: "local", targetUri: pool.targetUri, imageMode: "absolute", settings: { dataSource: "gui", convention: "qwen25-abs", template: "verity-grounding", target: "box" } };
    await expect(updatePool(world.db, actor, pool.id, edit)).resolves.toMatchObject({ name: "g2", profile: "verl", imageMode: "absolute", settings: { dataSource: "gui", convention: "qwen25-abs" } });
    await expect(updatePool(world.db, actor, pool.id, { ...edit, kind: "navigation", profile: "easyr1", imageMode: "copy", settings: {} })).rejects.toMatchObject({ code: "invalid_input", message: expect.stringMatching(/kind cannot change/) });

    const job = await startExport(world.db, actor, { poolId: pool.id, mode: "full" });
    await expect(deletePool(world.db, actor, pool.id)).rejects.toMatchObject({ code: "conflict" });
    await world.db.job.update({ where: { id: job.id }, data: { status: "cancelled" } });
    await deletePool(world.db, actor, pool.id);
    expect(await world.db.pool.count()).toBe(0);
    // Another project's admin cannot see it at all.
    const other = await world.db.project.create({ data: { slug: "two", name: "Two", settings: {} } });
    const mine = await makePool(world, { name: "mine", kind: "grounding", profile: "ms-swift" });
    await expect(deletePool(world.db, { userId: null, projectId: other.id }, mine.id)).rejects.toMatchObject({ code: "not_found" });

    const actions = (await world.db.auditLog.findMany({ where: { targetType: "pool" }, orderBy: { createdAt: "asc" } })).map((a) => a.action);
    expect(actions).toEqual(["pool.create", "pool.update", "export.start", "pool.delete", "pool.create"]);
  });
});
