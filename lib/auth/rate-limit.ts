import "server-only";
// Fixed-window counters in the database, shared by every app replica. Sign-in counts each
// attempt against the e-mail address and against the client address.
import { db } from "@/lib/db";
import { env } from "@/lib/env";

export async function hitRateLimit(key: string, max: number, windowSeconds: number): Promise<boolean> {
  const now = new Date();
  const windowStart = new Date(now.getTime() - windowSeconds * 1000);
  const row = await db().$transaction(async (tx) => {
    const existing = await tx.rateLimit.findUnique({ where: { key } });
    if (!existing || existing.windowStart < windowStart) {
      return tx.rateLimit.upsert({
        where: { key },
        create: { key, count: 1, windowStart: now },
        update: { count: 1, windowStart: now },
      });
    }
    return tx.rateLimit.update({ where: { key }, data: { count: { increment: 1 } } });
  });
  return row.count > max;
}

export async function isLoginRateLimited(email: string, clientAddress: string): Promise<boolean> {
  const { VERITY_LOGIN_MAX_ATTEMPTS: max, VERITY_LOGIN_WINDOW_SECONDS: window } = env();
  const byEmail = await hitRateLimit(`login:email:${email}`, max, window);
  // An address may try several accounts (a shared office NAT), but not endlessly.
  const byAddress = await hitRateLimit(`login:ip:${clientAddress}`, max * 5, window);
  return byEmail || byAddress;
}

export async function clearLoginRateLimit(email: string): Promise<void> {
  await db().rateLimit.deleteMany({ where: { key: `login:email:${email}` } });
}
