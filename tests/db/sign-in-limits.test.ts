// Sign-in throttling as the database keeps it, shared by every replica: a pair (address,
// e-mail) is slowed progressively and then locked for the rest of the window; an address is
// slowed after many failures whatever e-mails it tries; a lock on one pair never touches the
// same e-mail from another address; a success clears the pair. An IPv6 client is counted by
// its /64, so fresh addresses from one network start nothing afresh.
import { describe, expect, it } from "vitest";
import { beginLoginAttempt, recordLoginFailure, recordLoginSuccess } from "@/lib/auth/rate-limit";
import { freshDatabase, PROVIDERS } from "./databases";

const throttle = { maxAttempts: 6, windowSeconds: 900 };
const at = (seconds: number) => new Date(Date.UTC(2026, 11, 1, 8, 0, 0) + seconds * 1000);

describe.each(PROVIDERS)("sign-in limits on %s", (provider) => {
  it("slows an address-and-e-mail pair progressively, then locks only that pair until the window ends", async () => {
    const { db } = await freshDatabase(provider);
    const waits: number[] = [];
    let now = 0;
    let attempts = 0;
    for (let i = 0; i < 50; i++) {
      const gate = await beginLoginAttempt(db, "victim@x.test", "203.0.113.1", at(now), throttle);
      if (gate.allowed) {
        attempts += 1;
        await recordLoginFailure(db, "203.0.113.1", at(now), throttle);
        continue;
      }
      if (gate.locked) break;
      // Refused for now: the attacker waits as long as they are told.
      waits.push(gate.waitSeconds);
      now += gate.waitSeconds;
    }
    expect(attempts, "attempts the pair was allowed").toBe(throttle.maxAttempts);
    expect(waits.length).toBeGreaterThan(1);
    for (let i = 1; i < waits.length; i++) expect(waits[i]!).toBeGreaterThan(waits[i - 1]!);
    const locked = await beginLoginAttempt(db, "victim@x.test", "203.0.113.1", at(now + 60), throttle);
    expect(locked).toMatchObject({ allowed: false, locked: true });
    // The same e-mail from the victim's own address is not locked.
    expect(await beginLoginAttempt(db, "victim@x.test", "198.51.100.2", at(now + 60), throttle)).toEqual({ allowed: true });
    // After the window the pair starts afresh.
    expect(await beginLoginAttempt(db, "victim@x.test", "203.0.113.1", at(now + 901), throttle)).toEqual({ allowed: true });
  });

  it("a success clears the pair, so a few typos never slow the next day's sign-in", async () => {
    const { db } = await freshDatabase(provider);
    for (let i = 0; i < 3; i++) {
      await beginLoginAttempt(db, "typo@x.test", "192.0.2.9", at(i * 100), throttle);
      await recordLoginFailure(db, "192.0.2.9", at(i * 100), throttle);
    }
    await beginLoginAttempt(db, "typo@x.test", "192.0.2.9", at(400), throttle);
    await recordLoginSuccess(db, "typo@x.test", "192.0.2.9");
    expect(await beginLoginAttempt(db, "typo@x.test", "192.0.2.9", at(401), throttle)).toEqual({ allowed: true });
  });

  it("slows an address that fails with many e-mails, and only that address", async () => {
    const { db } = await freshDatabase(provider);
    let refusedAt = -1;
    for (let i = 0; i < throttle.maxAttempts * 5 + 5; i++) {
      const gate = await beginLoginAttempt(db, `spray-${i}@x.test`, "203.0.113.9", at(0), throttle);
      if (!gate.allowed) {
        refusedAt = i;
        expect(gate.locked).toBe(false);
        break;
      }
      await recordLoginFailure(db, "203.0.113.9", at(0), throttle);
    }
    expect(refusedAt, "attempts before the address is slowed").toBe(throttle.maxAttempts * 5);
    expect(await beginLoginAttempt(db, "spray-0@x.test", "198.51.100.3", at(0), throttle)).toEqual({ allowed: true });
  });

  it("counts an IPv6 client by its /64: fresh addresses of one network share its limits, a neighbouring /64 does not", async () => {
    const { db } = await freshDatabase(provider);
    const inNetwork = (i: number) => `2001:db8:1:2::${(i + 1).toString(16)}`;
    let refusedAt = -1;
    for (let i = 0; i < throttle.maxAttempts * 5 + 5; i++) {
      const gate = await beginLoginAttempt(db, `spray-${i}@x.test`, inNetwork(i), at(0), throttle);
      if (!gate.allowed) {
        refusedAt = i;
        expect(gate).toMatchObject({ scope: "address", locked: false });
        break;
      }
      await recordLoginFailure(db, inNetwork(i), at(0), throttle);
    }
    expect(refusedAt, "failures from one /64, each from a new address, before the network is slowed").toBe(throttle.maxAttempts * 5);
    expect(await beginLoginAttempt(db, "spray-0@x.test", "2001:db8:1:3::1", at(0), throttle)).toEqual({ allowed: true });

    // The address-and-e-mail pair too: a new address of the same /64 is the same pair.
    let locked = false;
    for (let i = 0; i < 60 && !locked; i++) {
      const gate = await beginLoginAttempt(db, "victim@x.test", `2001:db8:9:9::${i + 1}`, at(i * 20), throttle);
      if (gate.allowed) await recordLoginFailure(db, `2001:db8:9:9::${i + 1}`, at(i * 20), throttle);
      else locked = gate.locked;
    }
    expect(locked, "the pair locks although every attempt came from a new address").toBe(true);
    expect(await beginLoginAttempt(db, "victim@x.test", "2001:db8:9:a::1", at(200), throttle)).toEqual({ allowed: true });
  });
});
