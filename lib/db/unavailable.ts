// A database that cannot be reached (PostgreSQL stopped, restarting, network gone; SQLite
// locked past its busy timeout) is not a bug in the request: say so in words a person can act
// on, with 503, instead of "something went wrong". The driver's error may sit several causes
// deep inside Prisma's, so the whole chain is searched.
import type { AppError } from "@/lib/errors";
import { saidError } from "@/lib/errors/said-error";

const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "57P01", // admin_shutdown: the server is stopping
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up or shutting down
  "08000",
  "08001",
  "08003",
  "08006",
  "SQLITE_BUSY",
]);
const UNREACHABLE_TEXT = /ECONNREFUSED|ECONNRESET|Connection terminated|terminating connection|the database system is (shutting down|starting up)|Can't reach database|DatabaseNotReachable|database is locked|timeout exceeded when trying to connect/i;

export function databaseUnavailable(error: unknown): AppError | null {
  const seen = new Set<unknown>();
  for (let current: unknown = error; current && typeof current === "object" && !seen.has(current); ) {
    seen.add(current);
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown; kind?: unknown; originalCode?: unknown };
    const codes = [candidate.code, candidate.originalCode, candidate.kind].map(String);
    if (codes.some((c) => UNREACHABLE_CODES.has(c) || UNREACHABLE_TEXT.test(c)) || (typeof candidate.message === "string" && UNREACHABLE_TEXT.test(candidate.message))) {
      return saidError("unavailable", "messages.databaseUnavailable");
    }
    current = candidate.cause;
  }
  return null;
}
