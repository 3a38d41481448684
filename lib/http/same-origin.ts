import "server-only";
// Route handlers that change state and are reached by a plain HTML form (not fetch with a
// JSON body) need the check Next.js gives server actions: the request's Origin must be this
// site. The session cookie alone would ride along on a form another site posts here.
import { AppError } from "@/lib/errors";

export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get("origin");
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  let originHost: string | null = null;
  try {
    originHost = origin ? new URL(origin).host : null;
  } catch {
    originHost = null;
  }
  if (!originHost || !host || originHost !== host) throw new AppError("forbidden", "This request did not come from a Verity page.");
}
