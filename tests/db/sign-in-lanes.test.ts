// Which lane of the scrypt budget a sign-in waits in, as the database and the device cookie
// decide it: "known" after a success from the same address (an IPv6 /64) for the same account,
// or with this account's device cookie; "stranger" for everything else, so that a spray from
// many addresses never gets ahead of the account's own user.
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { signInLane } from "@/lib/auth/sign-in-lane";
import { signKnownDevice } from "@/lib/auth/known-device";
import { KNOWN_ADDRESS_SECONDS, knownAddressKey, recordLoginSuccess, sweepLoginCounters } from "@/lib/auth/rate-limit";
import { createUser } from "@/lib/users/users";
import { endUserSessions } from "@/lib/auth/session-token";

const SECRET = "a-server-secret-of-at-least-32-characters";

describe.each(PROVIDERS)("sign-in lanes on %s", (provider) => {
  // The counters' sweep runs at most once a minute of its clock per process: each database's
  // tests get a clock of their own, a year apart.
  const T0 = new Date(Date.UTC(2026 + PROVIDERS.indexOf(provider), 5, 1, 9, 0, 0));
  const later = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
  async function setup() {
    const { db } = await freshDatabase(provider);
    const account = async (email: string) => {
      const { id } = await createUser(db, { email, name: email, password: "a good password" });
      return db.user.findUniqueOrThrow({ where: { id }, select: { id: true, sessionVersion: true } });
    };
    const alice = await account("alice@x.test");
    const bob = await account("bob@x.test");
    const lane = (email: string, address: string, account: { id: string; sessionVersion: number } | null, deviceToken?: string, now = T0) =>
      signInLane(db, { email, address, account, deviceToken }, SECRET, now);
    return { db, alice, bob, lane };
  }

  it("a first sign-in is a stranger's; after a success, the same account from the same address is known", async () => {
    const { db, alice, lane } = await setup();
    expect(await lane("alice@x.test", "198.51.100.7", alice)).toBe("stranger");
    await recordLoginSuccess(db, "alice@x.test", "198.51.100.7", T0);
    expect(await lane("alice@x.test", "198.51.100.7", alice, undefined, later(3600))).toBe("known");
    expect(await lane("alice@x.test", "198.51.100.8", alice, undefined, later(3600)), "another address").toBe("stranger");
  });

  it("a known address is known for its own account only, and not for an unknown e-mail", async () => {
    const { db, bob, lane } = await setup();
    await recordLoginSuccess(db, "alice@x.test", "198.51.100.7", T0);
    expect(await lane("bob@x.test", "198.51.100.7", bob)).toBe("stranger");
    expect(await lane("alice@x.test", "198.51.100.7", null), "an account that cannot sign in (disabled, placeholder)").toBe("stranger");
    expect(await lane("nobody@x.test", "198.51.100.7", null)).toBe("stranger");
  });

  it("an IPv6 client is known by its /64, whichever address of it the success came from", async () => {
    const { db, alice, lane } = await setup();
    await recordLoginSuccess(db, "alice@x.test", "2001:db8:5:5::1", T0);
    expect(await lane("alice@x.test", "2001:db8:5:5:a:b:c:d", alice)).toBe("known");
    expect(await lane("alice@x.test", "2001:db8:5:6::1", alice)).toBe("stranger");
  });

  it("a known address ends after KNOWN_ADDRESS_SECONDS, and the counters' sweep then forgets it", async () => {
    const { db, alice, lane } = await setup();
    await recordLoginSuccess(db, "alice@x.test", "198.51.100.7", T0);
    expect(await lane("alice@x.test", "198.51.100.7", alice, undefined, later(KNOWN_ADDRESS_SECONDS - 60))).toBe("known");
    expect(await lane("alice@x.test", "198.51.100.7", alice, undefined, later(KNOWN_ADDRESS_SECONDS + 1))).toBe("stranger");
    const key = knownAddressKey("198.51.100.7", "alice@x.test");
    await sweepLoginCounters(db, later(KNOWN_ADDRESS_SECONDS - 60));
    expect(await db.rateLimit.findUnique({ where: { key } }), "kept while it counts").not.toBeNull();
    await sweepLoginCounters(db, later(KNOWN_ADDRESS_SECONDS + 120));
    expect(await db.rateLimit.findUnique({ where: { key } }), "forgotten after").toBeNull();
  });

  it("this account's device cookie makes any address known; a forged, expired or other account's cookie does not", async () => {
    const { db, alice, bob, lane } = await setup();
    const alicesDevice = await signKnownDevice(alice, SECRET, T0.getTime());
    expect(await lane("alice@x.test", "203.0.113.50", alice, alicesDevice)).toBe("known");
    expect(await lane("bob@x.test", "203.0.113.50", bob, alicesDevice), "another account's cookie").toBe("stranger");
    const forged = await signKnownDevice(alice, "someone-elses-secret-of-32-characters!!", T0.getTime());
    expect(await lane("alice@x.test", "203.0.113.50", alice, forged), "forged").toBe("stranger");
    expect(await lane("alice@x.test", "203.0.113.50", alice, alicesDevice, later(200 * 24 * 3600)), "expired").toBe("stranger");
    // "Sign out everywhere" moves the session version: the old cookie no longer counts.
    await endUserSessions(db, alice.id);
    const moved = await db.user.findUniqueOrThrow({ where: { id: alice.id } });
    expect(await lane("alice@x.test", "203.0.113.50", moved, alicesDevice), "after sign out everywhere").toBe("stranger");
  });
});
