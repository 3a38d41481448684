import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { listAudit, AuditFilterSchema, AUDIT_PAGE_SIZE } from "@/lib/audit/list-audit";
import { recordAudit } from "@/lib/audit/record";

describe.each(PROVIDERS)("audit log on %s", (provider) => {
  it("lists a project's entries newest first, filters them, and pages without gaps", async () => {
    const { db } = await freshDatabase(provider);
    const user = await db.user.create({ data: { email: "a@x.test", name: "A" } });
    const project = await db.project.create({ data: { slug: "a", name: "A", settings: {} } });
    const other = await db.project.create({ data: { slug: "o", name: "O", settings: {} } });
    for (let i = 0; i < AUDIT_PAGE_SIZE + 20; i++) {
      await recordAudit(db, { projectId: project.id, userId: i % 2 ? user.id : null, action: i % 3 ? "annotation.submit" : "override.create", targetType: "sample", targetId: `s${i}` });
    }
    await recordAudit(db, { projectId: other.id, action: "annotation.submit" });
    const first = await listAudit(db, project.id, AuditFilterSchema.parse({}));
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    const second = await listAudit(db, project.id, AuditFilterSchema.parse({ before: first.nextBefore }));
    expect(second.entries).toHaveLength(20);
    expect(new Set([...first.entries, ...second.entries].map((e) => e.id)).size).toBe(AUDIT_PAGE_SIZE + 20);
    const overrides = await listAudit(db, project.id, AuditFilterSchema.parse({ action: "override", userId: user.id }));
    expect(overrides.entries.every((e) => e.action === "override.create" && e.userId === user.id)).toBe(true);
    expect(overrides.entries.length).toBe([...Array(AUDIT_PAGE_SIZE + 20).keys()].filter((i) => i % 2 && !(i % 3)).length);
    expect((await listAudit(db, project.id, AuditFilterSchema.parse({ targetId: "s7" }))).entries.map((e) => e.targetId)).toEqual(["s7"]);
  });
});
