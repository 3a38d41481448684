import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { verifyPassword } from "@/lib/auth/password";
import { createProject } from "@/lib/projects/projects";
import { grantRole, listMembers, removeMember } from "@/lib/projects/members";
import { createUser, setPassword } from "@/lib/users/users";

describe.each(PROVIDERS)("users, projects and memberships on %s", (provider) => {
  it("stores only a scrypt hash of the password, which verifies the right password only", async () => {
    const { db } = await freshDatabase(provider);
    await createUser(db, { email: "Ann@Example.test", name: "Ann", password: "correct horse battery" });
    const row = await db.user.findUniqueOrThrow({ where: { email: "ann@example.test" } });
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.passwordHash).not.toContain("correct horse");
    expect(await verifyPassword("correct horse battery", row.passwordHash!)).toBe(true);
    expect(await verifyPassword("correct horse batterY", row.passwordHash!)).toBe(false);
  });

  it("refuses a duplicate e-mail and a short password with messages naming the problem", async () => {
    const { db } = await freshDatabase(provider);
    await createUser(db, { email: "bo@example.test", name: "Bo", password: "long enough pw" });
    await expect(createUser(db, { email: "BO@example.test", name: "Bo 2", password: "long enough pw" })).rejects.toThrow(/already exists/);
    await expect(createUser(db, { email: "cy@example.test", name: "Cy", password: "short" })).rejects.toThrow(/at least 10 characters/);
    expect(await db.user.count()).toBe(1);
  });

  it("changes a password so that only the new one verifies", async () => {
    const { db } = await freshDatabase(provider);
    await createUser(db, { email: "d@example.test", name: "D", password: "first password" });
    await setPassword(db, "d@example.test", "second password");
    const row = await db.user.findUniqueOrThrow({ where: { email: "d@example.test" } });
    expect(await verifyPassword("first password", row.passwordHash!)).toBe(false);
    expect(await verifyPassword("second password", row.passwordHash!)).toBe(true);
  });

  it("grants, changes and removes a role in a project", async () => {
    const { db } = await freshDatabase(provider);
    const project = await createProject(db, { slug: "grounding", name: "Grounding" });
    const user = await createUser(db, { email: "e@example.test", name: "E", password: "a good password" });
    await grantRole(db, project.id, { email: "e@example.test", role: "annotator" });
    await grantRole(db, project.id, { email: "e@example.test", role: "reviewer" });
    expect((await listMembers(db, project.id)).map((m) => [m.user.email, m.role])).toEqual([["e@example.test", "reviewer"]]);
    await expect(grantRole(db, project.id, { email: "e@example.test", role: "superuser" })).rejects.toThrow();
    await expect(grantRole(db, project.id, { email: "nobody@example.test", role: "admin" })).rejects.toThrow(/No user/);
    await removeMember(db, project.id, user.id);
    expect(await listMembers(db, project.id)).toEqual([]);
  });

  it("gives a new project the default settings and refuses a taken or malformed slug", async () => {
    const { db } = await freshDatabase(provider);
    const project = await createProject(db, { slug: "runs", name: "Runs" });
    expect(project.settings).toMatchObject({ rewards: { eta: 0.98, invalidActionPenalty: -0.1 }, tiers: { goldMin: 7, rewriteMin: 4 } });
    await expect(createProject(db, { slug: "runs", name: "Again" })).rejects.toThrow(/already exists/);
    await expect(createProject(db, { slug: "../etc", name: "Bad" })).rejects.toThrow(/lowercase letters/);
  });
});
