import "server-only";
// Sign-in throttling, kept in the database so every app replica shares it. Two counters per
// fixed window (VERITY_LOGIN_WINDOW_SECONDS):
//   - per (client address, e-mail), every attempt whose password is checked counts, just
//     before the check (an attempt the scrypt budget turned away as "busy" counts nothing). From the PAIR_FREE-th attempt on, the next one
//     must wait 1 s, 2 s, 4 s, ...; at VERITY_LOGIN_MAX_ATTEMPTS the pair is locked for the rest
//     of the window. A success clears it. Only the attacker's own address is locked: the same
//     e-mail from anywhere else signs in as usual, so nobody can lock someone else out.
//   - per client address, failures with any e-mail (spraying): after 5 x max attempts the
//     address waits 1 s, 2 s, 4 s, ... (at most ADDRESS_MAX_WAIT_SECONDS) between attempts. It
//     slows, never locks, so colleagues behind one office address are at worst slowed.
// Besides the counters, a success leaves a mark for (address, e-mail) for KNOWN_ADDRESS_SECONDS:
// a later attempt on that account from that address is "known" and skips ahead of strangers for
// the scrypt budget (lib/auth/sign-in-lane.ts); it is still counted and limited as any other.
// The client address is the socket's unless a trusted proxy sent the request
// (lib/auth/client-address.ts); every key counts an IPv6 client by its /64
// (lib/auth/address-subject.ts). A refused attempt costs no password check and counts nothing.
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { addressSubject } from "@/lib/auth/address-subject";

export type LoginThrottle = { maxAttempts: number; windowSeconds: number };
export type LoginGate = { allowed: true } | { allowed: false; locked: boolean; waitSeconds: number; scope: "pair" | "address" };

const PAIR_FREE = 3;
const ADDRESS_MAX_WAIT_SECONDS = 300;

export const pairKey = (address: string, email: string) => `login:pair:${addressSubject(address)}|${email}`;
export const addressKey = (address: string) => `login:ip:${addressSubject(address)}`;
export const knownAddressKey = (address: string, email: string) => `login:known:${addressSubject(address)}|${email}`;

/** How long a success from an address keeps that address known for the account. */
export const KNOWN_ADDRESS_SECONDS = 30 * 24 * 3600;

function settings(): LoginThrottle {
  const e = env();
  return { maxAttempts: e.VERITY_LOGIN_MAX_ATTEMPTS, windowSeconds: e.VERITY_LOGIN_WINDOW_SECONDS };
}

/**
 * Adds one to a windowed counter (a new window starts at 1) and sets the wait `blockFor` gives
 * for the new count, in one transaction: one commit per counter, and the increment is atomic
 * (the row is locked until the commit), so concurrent attempts each count.
 */
async function count(db: Db, key: string, now: Date, windowSeconds: number, blockFor: (row: { count: number; windowStart: Date }) => Date | null) {
  const windowOpen = new Date(now.getTime() - windowSeconds * 1000);
  return db.$transaction(async (tx) => {
    let row = await tx.rateLimit.upsert({ where: { key }, create: { key, count: 1, windowStart: now }, update: { count: { increment: 1 } } });
    if (row.windowStart < windowOpen) row = await tx.rateLimit.update({ where: { key }, data: { count: 1, windowStart: now, blockedUntil: null } });
    const blockedUntil = blockFor(row);
    if (blockedUntil) row = await tx.rateLimit.update({ where: { key }, data: { blockedUntil } });
    return row;
  });
}

const waitOf = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));

/** Whether an attempt may check a password now (nothing is counted yet). */
export async function checkLoginGate(db: Db, email: string, address: string, now = new Date(), throttle = settings()): Promise<LoginGate> {
  const windowOpen = new Date(now.getTime() - throttle.windowSeconds * 1000);
  const rows = await db.rateLimit.findMany({ where: { key: { in: [pairKey(address, email), addressKey(address)] } } });
  for (const row of rows) {
    if (row.windowStart < windowOpen && !(row.blockedUntil && row.blockedUntil > now)) continue;
    if (row.blockedUntil && row.blockedUntil > now) {
      const scope = row.key.startsWith("login:pair:") ? "pair" : "address";
      return { allowed: false, locked: scope === "pair" && row.count >= throttle.maxAttempts, waitSeconds: waitOf(row.blockedUntil, now), scope };
    }
  }
  return { allowed: true };
}

/** Counts an attempt against its pair, just before its password is checked. */
export async function countLoginAttempt(db: Db, email: string, address: string, now = new Date(), throttle = settings()): Promise<void> {
  await count(db, pairKey(address, email), now, throttle.windowSeconds, (pair) =>
    pair.count >= throttle.maxAttempts
      ? new Date(pair.windowStart.getTime() + throttle.windowSeconds * 1000)
      : pair.count >= PAIR_FREE
        ? new Date(now.getTime() + 2 ** (pair.count - PAIR_FREE) * 1000)
        : null,
  );
}

/** checkLoginGate, then countLoginAttempt when allowed. */
export async function beginLoginAttempt(db: Db, email: string, address: string, now = new Date(), throttle = settings()): Promise<LoginGate> {
  const gate = await checkLoginGate(db, email, address, now, throttle);
  if (gate.allowed) await countLoginAttempt(db, email, address, now, throttle);
  return gate;
}

/** A wrong password (or an unknown e-mail) from `address`. */
export async function recordLoginFailure(db: Db, address: string, now = new Date(), throttle = settings()): Promise<void> {
  const free = throttle.maxAttempts * 5;
  await count(db, addressKey(address), now, throttle.windowSeconds, (row) =>
    row.count < free ? null : new Date(now.getTime() + Math.min(2 ** (row.count - free), ADDRESS_MAX_WAIT_SECONDS) * 1000),
  );
}

/** A right password: clears the pair and marks the address known for the account. */
export async function recordLoginSuccess(db: Db, email: string, address: string, now = new Date()): Promise<void> {
  await db.rateLimit.deleteMany({ where: { key: pairKey(address, email) } });
  // The mark's end is kept in blockedUntil, as sign-out marks keep theirs (lib/auth/session-token.ts),
  // so the counters' sweep below forgets it once it has passed.
  const key = knownAddressKey(address, email);
  const until = new Date(now.getTime() + KNOWN_ADDRESS_SECONDS * 1000);
  await db.rateLimit.upsert({ where: { key }, create: { key, count: 1, windowStart: now, blockedUntil: until }, update: { count: { increment: 1 }, windowStart: now, blockedUntil: until } });
}

/** Whether the account signed in from this address (its /64 for IPv6) within KNOWN_ADDRESS_SECONDS. */
export async function isKnownAddress(db: Db, email: string, address: string, now = new Date()): Promise<boolean> {
  const row = await db.rateLimit.findUnique({ where: { key: knownAddressKey(address, email) } });
  return Boolean(row?.blockedUntil && row.blockedUntil > now);
}

let lastSweep = 0;
/** Drops sign-in counters whose window and wait are over, and known-address marks past their end; at most once a minute per process. */
export async function sweepLoginCounters(db: Db, now = new Date(), throttle = settings()): Promise<void> {
  if (now.getTime() - lastSweep < 60_000) return;
  lastSweep = now.getTime();
  const windowOpen = new Date(now.getTime() - throttle.windowSeconds * 1000);
  await db.rateLimit.deleteMany({
    where: { key: { startsWith: "login:" }, windowStart: { lt: windowOpen }, OR: [{ blockedUntil: null }, { blockedUntil: { lt: now } }] },
  });
}
