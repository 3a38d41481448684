import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { authenticateApiToken, createApiToken, revokeApiToken } from "@/lib/tokens/tokens";

describe.each(PROVIDERS)("API tokens on %s", (provider) => {
  async function setup() {
    const { db } = await freshDatabase(provider);
    const user = await db.user.create({ data: { email: "a@x.test", name: "A" } });
    const project = await db.project.create({ data: { slug: "t", name: "T", settings: {} } });
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
});
