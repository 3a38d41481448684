// Issue 15, items 1 and 3, against the shared build: an API token acts only while its
// creator is enabled and a member with at least the token's role (and the owner's and
// admins' screens say so); a session cookie is refused once it is signed out, once the
// user's password is reset, once they are disabled (even after being enabled again) and
// after "sign out everywhere"; sessions last hours, not a week. Each test makes its own users
// so that no shared role's session is touched.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { authzSeed } from "./authz/probes";
import { baseUrl, cookieOf, formData } from "./authz/client";
import { openDb } from "./authz/read-db";
import { storageStatePath } from "./seed-file";
import { attemptSignIn, callActionAt, sessionWorks, signOutAt } from "./security/server";

const USERS = "lib/actions/users.ts";
const MEMBERS = "lib/actions/members.ts";

async function newUser(label: string): Promise<{ email: string; password: string; id: string }> {
  const email = `${label}-${randomBytes(4).toString("hex")}@e2e.test`;
  const made = await callActionAt(baseUrl(), cookieOf("owner"), USERS, "createUserAction", [null, formData({ email, name: label })]);
  const password = made.result?.secret as string;
  expect(password, made.raw.slice(0, 300)).toBeTruthy();
  const { id } = openDb().prepare(`SELECT "id" FROM "User" WHERE "email" = ?`).get(email) as { id: string };
  return { email, password, id };
}

async function signIn(email: string, password: string): Promise<string> {
  const answer = await attemptSignIn(baseUrl(), email, password);
  expect(answer.ok, `sign-in of ${email}: ${answer.error}`).toBe(true);
  return answer.cookie!;
}

test.describe("API tokens of creators who lost their access", () => {
  test("stop acting when the creator is disabled, removed or demoted, and act again when access returns", async ({ browser }) => {
    const base = baseUrl();
    const projectId = authzSeed().demoProjectId;
    const creator = await newUser("token-creator");
    const granted = await callActionAt(base, cookieOf("owner"), MEMBERS, "grantRoleAction", [null, formData({ projectId, email: creator.email, role: "admin" })]);
    expect(granted.result?.ok, granted.raw.slice(0, 300)).toBe(true);
    const made = await callActionAt(base, await signIn(creator.email, creator.password), "lib/actions/tokens.ts", "createTokenAction", [
      null,
      formData({ projectId, name: `creator-token-${randomBytes(3).toString("hex")}`, role: "admin" }),
    ]);
    const token = made.result?.secret as string;
    expect(token, made.raw.slice(0, 300)).toBeTruthy();
    const bearer = { authorization: `Bearer ${token}` };
    const read = async () => (await fetch(`${base}/api/v1/projects/${projectId}/samples?limit=1`, { headers: bearer })).status;
    const push = async () => {
      const line = JSON.stringify({ type: "sample", id: `token-${randomBytes(4).toString("hex")}`, dataset: "tokens", image: null, image_size: [10, 10], instruction: "x", box: [1, 1, 5, 5] });
      const response = await fetch(`${base}/api/v1/projects/${projectId}/imports`, { method: "POST", headers: { ...bearer, "content-type": "application/x-ndjson" }, body: line });
      return { status: response.status, text: await response.text() };
    };
    const jobsBy = () => (openDb().prepare(`SELECT COUNT(*) AS n FROM "Job" WHERE "createdById" = ?`).get(creator.id) as { n: number }).n;
    expect(await read()).toBe(200);
    expect((await push()).status).toBe(202);
    const jobsBefore = jobsBy();

    const disabled = await callActionAt(base, cookieOf("owner"), USERS, "setUserDisabledAction", [null, formData({ userId: creator.id, disabled: "true" })]);
    expect(disabled.result?.ok, disabled.raw.slice(0, 300)).toBe(true);
    expect(await read(), "a disabled creator's token reads nothing").toBe(401);
    const refused = await push();
    expect(refused.status, "a disabled creator's token imports nothing").toBe(401);
    expect(refused.text).toMatch(/creator/i);
    expect(jobsBy(), "no job is queued in a disabled user's name").toBe(jobsBefore);
    expect(String(disabled.result?.message)).toMatch(/API tokens? .*stop/i);

    await callActionAt(base, cookieOf("owner"), USERS, "setUserDisabledAction", [null, formData({ userId: creator.id, disabled: "false" })]);
    expect(await read(), "enabled again, the token acts again").toBe(200);

    const removed = await callActionAt(base, cookieOf("admin"), MEMBERS, "removeMemberAction", [null, formData({ projectId, userId: creator.id })]);
    expect(removed.result?.ok, removed.raw.slice(0, 300)).toBe(true);
    expect(await read(), "a removed member's token reads nothing").toBe(401);
    expect((await push()).status, "a removed member's token imports nothing").toBe(401);
    expect(String(removed.result?.message)).toMatch(/API tokens? .*stop/i);

    const demoted = await callActionAt(base, cookieOf("admin"), MEMBERS, "grantRoleAction", [null, formData({ projectId, email: creator.email, role: "annotator" })]);
    expect(demoted.result?.ok, demoted.raw.slice(0, 300)).toBe(true);
    expect(await read(), "an admin token of a creator who is now an annotator").toBe(401);
    expect((await push()).status).toBe(401);
    expect(String(demoted.result?.message)).toMatch(/API tokens? .*stop/i);
    const admin = await browser.newContext({ storageState: storageStatePath("admin") });
    const tokensPage = await admin.newPage();
    await tokensPage.goto("/projects/demo/tokens");
    await expect(tokensPage.getByText("Not acting: its creator is now annotator, below the token's admin role").first()).toBeVisible();
    await tokensPage.screenshot({ path: "test-results/screens/security-token-not-acting.png", fullPage: true });
    await admin.close();

    await callActionAt(base, cookieOf("admin"), MEMBERS, "grantRoleAction", [null, formData({ projectId, email: creator.email, role: "admin" })]);
    expect(await read(), "an admin again, the token acts again").toBe(200);
  });

  test("the users and members screens say that disabling, removing and demoting stop API tokens", async ({ browser }) => {
    const owner = await browser.newContext({ storageState: storageStatePath("owner") });
    const users = await owner.newPage();
    await users.goto("/admin/users");
    await expect(users.getByText(/Disabling a user .*API tokens/)).toBeVisible();
    await users.screenshot({ path: "test-results/screens/security-users-tokens-note.png", fullPage: true });
    await owner.close();
    const admin = await browser.newContext({ storageState: storageStatePath("admin") });
    const members = await admin.newPage();
    await members.goto("/projects/demo/members");
    await expect(members.getByText(/Removing a member or lowering their role .*API tokens/)).toBeVisible();
    await members.screenshot({ path: "test-results/screens/security-members-tokens-note.png", fullPage: true });
    await admin.close();
  });
});

test.describe("sessions end when they should", () => {
  test("a cookie replayed after sign-out is refused, and sessions last at most 12 hours", async () => {
    const base = baseUrl();
    const user = await newUser("replay");
    const answer = await attemptSignIn(base, user.email, user.password);
    expect(answer.ok).toBe(true);
    const cookie = answer.cookie!;
    expect(await sessionWorks(base, cookie)).toBe(true);
    expect(await signOutAt(base, cookie)).toBeLessThan(400);
    expect(await sessionWorks(base, cookie), "the signed-out cookie, replayed").toBe(false);
    const api = await fetch(`${base}/api/projects/${authzSeed().demoProjectId}/imports/staging`, { method: "POST", headers: { cookie, origin: base } });
    expect(api.status, "the signed-out cookie on a route").toBe(401);
    // Signing out one session leaves the user's other sessions alone.
    const other = await signIn(user.email, user.password);
    expect(await sessionWorks(base, other)).toBe(true);

    const sessionCookie = answer.setCookie.find((c) => /session-token=/.test(c))!;
    const expires = /Expires=([^;]+)/i.exec(sessionCookie)?.[1];
    expect(expires, sessionCookie).toBeTruthy();
    expect(new Date(expires!).getTime() - Date.now(), "the session cookie's lifetime").toBeLessThanOrEqual(12 * 3600_000 + 60_000);
  });

  // The server reads the session from its cookie only (lib/auth/session.ts): next-auth's token
  // reader also takes "Authorization: Bearer <token>", which must not become a second way in.
  test("the session token sent as a bearer header instead of a cookie is refused", async () => {
    const base = baseUrl();
    const user = await newUser("bearer");
    const cookie = await signIn(user.email, user.password);
    const route = `${base}/api/projects/${authzSeed().demoProjectId}/imports/staging`;
    const token = decodeURIComponent(cookie.split(";").map((c) => c.trim()).find((c) => c.includes("session-token="))!.split("=").slice(1).join("="));
    const asBearer = await fetch(route, { method: "POST", headers: { authorization: `Bearer ${token}`, origin: base } });
    expect(asBearer.status, "the session token as a bearer header").toBe(401);
    expect(await sessionWorks(base, cookie), "the same token as a cookie").toBe(true);
  });

  test("a password reset and a disable end every session of the user, even after re-enabling", async () => {
    const base = baseUrl();
    const user = await newUser("reset");
    const before = await signIn(user.email, user.password);
    const reset = await callActionAt(base, cookieOf("owner"), USERS, "resetPasswordAction", [null, formData({ email: user.email })]);
    expect(reset.result?.ok, reset.raw.slice(0, 300)).toBe(true);
    expect(await sessionWorks(base, before), "a session from before the password reset").toBe(false);
    const after = await signIn(user.email, reset.result!.secret as string);
    expect(await sessionWorks(base, after)).toBe(true);

    await callActionAt(base, cookieOf("owner"), USERS, "setUserDisabledAction", [null, formData({ userId: user.id, disabled: "true" })]);
    expect(await sessionWorks(base, after)).toBe(false);
    await callActionAt(base, cookieOf("owner"), USERS, "setUserDisabledAction", [null, formData({ userId: user.id, disabled: "false" })]);
    expect(await sessionWorks(base, after), "a session from before the disable, after re-enabling").toBe(false);
    expect(await sessionWorks(base, await signIn(user.email, reset.result!.secret as string))).toBe(true);
  });

  test("'sign out everywhere', by the user or by the owner, ends every session of the user", async () => {
    const base = baseUrl();
    const user = await newUser("everywhere");
    const laptop = await signIn(user.email, user.password);
    const phone = await signIn(user.email, user.password);
    expect(await signOutAt(base, laptop, "?everywhere=1")).toBeLessThan(400);
    expect(await sessionWorks(base, laptop)).toBe(false);
    expect(await sessionWorks(base, phone), "the other session after 'sign out everywhere'").toBe(false);

    const again = await signIn(user.email, user.password);
    const ended = await callActionAt(base, cookieOf("owner"), USERS, "endSessionsAction", [null, formData({ userId: user.id })]);
    expect(ended.result?.ok, ended.raw.slice(0, 300)).toBe(true);
    expect(await sessionWorks(base, again), "a session the owner ended").toBe(false);
  });
});
