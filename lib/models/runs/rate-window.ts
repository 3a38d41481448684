import "server-only";
// A connection's requests-per-minute limit, shared by every worker: one counter row per
// connection and wall-clock minute, taken by a conditional increment (count < limit). A sender
// that finds the minute full waits for the next one. Fixed windows allow up to twice the limit
// across a minute boundary in the worst case; hosted APIs meter the same way or looser.
import type { Db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db/unique-violation";


const minuteOf = (ms: number) => new Date(Math.floor(ms / 60_000) * 60_000);

/** Takes one request of this minute's allowance; returns 0, or the ms to wait before asking again. */
export async function takeRequest(db: Db, connectionId: string, perMinute: number, now = Date.now()): Promise<number> {
  const windowStart = minuteOf(now);
  for (let attempt = 0; attempt < 3; attempt++) {
    const { count } = await db.modelRateWindow.updateMany({ where: { connectionId, windowStart, count: { lt: perMinute } }, data: { count: { increment: 1 } } });
    if (count === 1) return 0;
    const exists = await db.modelRateWindow.findUnique({ where: { connectionId_windowStart: { connectionId, windowStart } }, select: { count: true } });
    if (exists) return windowStart.getTime() + 60_000 - now;
    try {
      await db.modelRateWindow.create({ data: { connectionId, windowStart, count: 1 } });
      // Old windows of this connection are of no use any more.
      await db.modelRateWindow.deleteMany({ where: { connectionId, windowStart: { lt: windowStart } } });
      return 0;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error; // another sender opened the minute: count there
    }
  }
  return 50;
}
