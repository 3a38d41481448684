import "server-only";
// Checks on a request itself, before any of its body is read.
import { AppError } from "@/lib/errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

// Cookie-authenticated routes that change state answer only to pages of this site. Browsers
// send Origin on every cross-site POST/PUT/DELETE; SameSite=Lax already keeps the session
// cookie off them, and this is the second lock (a browser or proxy that forgets SameSite).
// Scripts without an Origin header (curl, the CLI) are not browsers a page can drive, except
// for routes a plain HTML form posts to (`required`): those must name this site.
export function assertSameOrigin(request: Request, options: { required?: boolean } = {}): void {
  assertSameOriginOf({ method: request.method, header: (name) => request.headers.get(name) }, options);
}

/** The method and headers of a request, for a router whose request is not a web Request (pages/api). */
export type RequestHead = { method: string; header: (name: string) => string | null };

export function assertSameOriginOf(request: RequestHead, { required = false }: { required?: boolean } = {}): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.header("origin");
  if (!origin) {
    if (required) throw new AppError("forbidden", "This request did not come from a Verity page.");
    return;
  }
  const host = request.header("x-forwarded-host") ?? request.header("host");
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw new AppError("forbidden", "This request came from another site.");
  }
  if (originHost !== host) throw new AppError("forbidden", "This request came from another site.");
}

// A body declared larger than the limit is refused at once (413) instead of being read up to
// the limit; a body without Content-Length is still bounded while it streams.
export function assertDeclaredSize(request: Request, maxBytes: number, what: string): void {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (Number.isFinite(declared) && declared > maxBytes) {
    throw new AppError("too_large", `${what} is ${Math.ceil(declared / 1048576)} MB, over the ${Math.round(maxBytes / 1048576)} MB limit`);
  }
}

/** The body size a request declares, or null when it streams without saying. */
export function declaredLength(request: Request): number | null {
  const declared = Number(request.headers.get("content-length") ?? "");
  return request.headers.has("content-length") && Number.isFinite(declared) ? declared : null;
}
