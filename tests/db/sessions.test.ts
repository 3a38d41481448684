// Sessions as the database decides them: a session carries the user's session version when it
// was issued, and is live only while that version stands, the session was not signed out, the
// user is enabled and the session is younger than its maximum age. A password change, a
// disable and "end sessions" move the version; signing out ends that one session only.
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { isSessionLive, newSessionClaims, revokeSession, SESSION_MAX_AGE_SECONDS, endUserSessions } from "@/lib/auth/session-token";
import { createUser, setPassword, setUserDisabled } from "@/lib/users/users";

describe.each(PROVIDERS)("sessions on %s", (provider) => {
  async function setup() {
    const { db } = await freshDatabase(provider);
    const { id } = await createUser(db, { email: "s@x.test", name: "S", password: "a good password" });
    const user = () => db.user.findUniqueOrThrow({ where: { id } });
    return { db, id, user };
  }

  it("a signed-out session is refused; the user's other sessions stay", async () => {
    const { db, user } = await setup();
    const laptop = newSessionClaims(await user());
    const phone = newSessionClaims(await user());
    expect(await isSessionLive(db, laptop, await user())).toBe(true);
    await revokeSession(db, laptop);
    expect(await isSessionLive(db, laptop, await user())).toBe(false);
    expect(await isSessionLive(db, phone, await user())).toBe(true);
  });

  it("a password change, a disable (even undone) and 'end sessions' refuse every earlier session", async () => {
    const { db, id, user } = await setup();
    const first = newSessionClaims(await user());
    await setPassword(db, "s@x.test", "another good password");
    expect(await isSessionLive(db, first, await user())).toBe(false);

    const second = newSessionClaims(await user());
    expect(await isSessionLive(db, second, await user())).toBe(true);
    await setUserDisabled(db, id, true);
    expect(await isSessionLive(db, second, await user())).toBe(false);
    await setUserDisabled(db, id, false);
    expect(await isSessionLive(db, second, await user())).toBe(false);

    const third = newSessionClaims(await user());
    await endUserSessions(db, id);
    expect(await isSessionLive(db, third, await user())).toBe(false);
    expect(await isSessionLive(db, newSessionClaims(await user()), await user())).toBe(true);
  });

  it("a session older than its maximum age is refused, however often it was refreshed", async () => {
    const { db, user } = await setup();
    const issued = Date.now() - (SESSION_MAX_AGE_SECONDS + 60) * 1000;
    expect(await isSessionLive(db, newSessionClaims(await user(), issued), await user())).toBe(false);
    expect(await isSessionLive(db, { ...newSessionClaims(await user()), sessionVersion: undefined } as never, await user())).toBe(false);
  });
});
