import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { authenticateApiToken, createApiToken, revokeApiToken } from "@/lib/tokens/tokens";

describe.each(PROVIDERS)("API tokens on %s", (provider) => {
  async function setup() {
    const { db } = await freshDatabase(provider);
    const user = await db.user.create({ data: { email: "a@x.test", name: "A" } });
    const project = await db.project.create({ data: { slug: "t", name: "T", settings: {} } });
    await db.membership.create({ data: { projectId: project.id, userId: user.id, role: "admin" } });
    return { db, user, project };
  }

  it("stores only a hash, authenticates the secret with its project and role, and stops at revocation", async () => {
    const { db, user, project } = await setup();
    const { secret, token } = await createApiToken(db, project.id, user.id, { name: "ci", role: "admin" });
    expect(secret).toMatch(/^vrt_[a-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
    const row = await db.apiToken.findUniqueOrThrow({ where: { id: token.id } });
    // The secret part is everything after "vrt_<prefix>_" (it may itself contain "_").
    expect(JSON.stringify(row)).not.toContain(secret.slice("vrt_".length + 9));

    await expect(authenticateApiToken(db, `Bearer ${secret}`)).resolves.toMatchObject({ projectId: project.id, role: "admin", actingUserId: user.id });
    await expect(authenticateApiToken(db, `Bearer ${secret}x`)).rejects.toThrow(/API token is required|unknown/);
    await expect(authenticateApiToken(db, null)).rejects.toThrow(/API token is required/);

    await revokeApiToken(db, project.id, token.id);
    await expect(authenticateApiToken(db, `Bearer ${secret}`)).rejects.toThrow(/unknown, revoked or expired/);
  });

  it("refuses an expired token and an unknown role", async () => {
    const { db, user, project } = await setup();
    const { secret, token } = await createApiToken(db, project.id, user.id, { name: "short", role: "annotator", expiresInDays: 1 });
    await db.apiToken.update({ where: { id: token.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await expect(authenticateApiToken(db, `Bearer ${secret}`)).rejects.toThrow(/expired/);
    await expect(createApiToken(db, project.id, user.id, { name: "x", role: "owner" })).rejects.toThrow();
  });

  it("does not revoke another project's token", async () => {
    const { db, user, project } = await setup();
    const other = await db.project.create({ data: { slug: "o", name: "O", settings: {} } });
    const { token } = await createApiToken(db, other.id, user.id, { name: "theirs", role: "admin" });
    await expect(revokeApiToken(db, project.id, token.id)).rejects.toThrow(/No such active token/);
    expect((await db.apiToken.findUniqueOrThrow({ where: { id: token.id } })).revokedAt).toBeNull();
  });

  it("acts only while its creator is enabled and a member with at least the token's role", async () => {
    const { db, user, project } = await setup();
    const { secret } = await createApiToken(db, project.id, user.id, { name: "ci", role: "reviewer" });
    const use = () => authenticateApiToken(db, `Bearer ${secret}`);
    await expect(use()).resolves.toMatchObject({ role: "reviewer" });

    await db.user.update({ where: { id: user.id }, data: { disabledAt: new Date() } });
    await expect(use()).rejects.toThrow(/creator .*disabled/);
    await db.user.update({ where: { id: user.id }, data: { disabledAt: null } });
    await expect(use()).resolves.toMatchObject({ role: "reviewer" });

    await db.membership.update({ where: { projectId_userId: { projectId: project.id, userId: user.id } }, data: { role: "annotator" } });
    await expect(use()).rejects.toThrow(/creator .*annotator.*reviewer/);
    await db.membership.update({ where: { projectId_userId: { projectId: project.id, userId: user.id } }, data: { role: "reviewer" } });
    await expect(use()).resolves.toMatchObject({ role: "reviewer" });

    await db.membership.delete({ where: { projectId_userId: { projectId: project.id, userId: user.id } } });
    await expect(use()).rejects.toThrow(/creator .*no longer a member/);
  });

  it("a site owner's token acts in any project while the owner is enabled", async () => {
    const { db, project } = await setup();
    const owner = await db.user.create({ data: { email: "owner@x.test", name: "O", isOwner: true } });
    const { secret } = await createApiToken(db, project.id, owner.id, { name: "owner", role: "admin" });
    await expect(authenticateApiToken(db, `Bearer ${secret}`)).resolves.toMatchObject({ role: "admin", actingUserId: owner.id });
    await db.user.update({ where: { id: owner.id }, data: { disabledAt: new Date() } });
    await expect(authenticateApiToken(db, `Bearer ${secret}`)).rejects.toThrow(/disabled/);
  });
});
