import "server-only";
// What a failed request answers, for both routers (lib/http/route.ts, lib/http/pages-project-route.ts):
// an AppError with its status and message (in the reader's language when it was said with a
// catalogue key and a translator is given), a database that cannot be reached as 503, and
// anything else as a 500 that names nothing of the server.
import { isAppError } from "@/lib/errors";
import { databaseUnavailable } from "@/lib/db/unavailable";
import { sayIn } from "@/lib/i18n/said";
import type { Translate } from "@/lib/i18n/translate";

/** The status and JSON body of a failed request, for whichever router answers it. */
export function errorReply(error: unknown, t?: Translate): { status: number; body: { error: { code: string; message: string } } } {
  if (isAppError(error)) {
    const message = t && error.said ? sayIn(t, error.said) : error.message;
    return { status: error.status, body: { error: { code: error.code, message } } };
  }
  console.error(error);
  const unavailable = databaseUnavailable(error);
  if (unavailable) return errorReply(unavailable, t);
  return { status: 500, body: { error: { code: "internal", message: "Something went wrong on the server." } } };
}
