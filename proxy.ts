// Every page request passes here first, for two things:
//   - its Content-Security-Policy, with a fresh script nonce (lib/http/content-security-policy.js).
//     Next.js reads the nonce from the request's policy header and puts it on every script it
//     writes into the page; the browser runs no other inline script. This is why every page is
//     rendered per request (the root layout reads the request's cookies anyway).
//   - sending signed-out visitors of app pages to the sign-in page. A convenience only: every
//     page, action and route checks the caller itself (lib/auth/session.ts). Proxies run on the
//     Node.js runtime in Next.js 16, so the secret can come from the data dir like the app's.
import { randomBytes } from "node:crypto";
import { NextResponse, type NextRequest } from "next/server";
import { withAuth, type NextRequestWithAuth } from "next-auth/middleware";
import { authSecret, env } from "@/lib/env";
import { decodeSessionToken } from "@/lib/auth/session-codec";
import { pagePolicy } from "@/lib/http/content-security-policy";

export default async function proxy(request: NextRequest) {
  const policy = pagePolicy(randomBytes(16).toString("base64"), env().NODE_ENV === "development");
  // The sign-in page itself (next-auth's pages.signIn) passes through withAuth untouched.
  const refusal = await withAuth(request as NextRequestWithAuth, { pages: { signIn: "/login" }, secret: authSecret(), jwt: { decode: decodeSessionToken } });
  if (refusal instanceof Response) {
    refusal.headers.set("Content-Security-Policy", policy);
    return refusal;
  }
  const headers = new Headers(request.headers);
  headers.set("Content-Security-Policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

// Next.js reads the whole body of every request it hands the proxy before it answers (it keeps
// a copy of the first 10 MB for the page, then waits for the body to end), so only requests
// without a body or with a declared one under 10 MB go through it. Anything larger or
// streamed without a length goes straight to its page or server action, which bound their
// bodies themselves (server actions at experimental.serverActions.bodySizeLimit), and gets the
// nonce-less policy of next.config.js (no inline script at all).
// (Literals only: Next.js reads this object at build time.)
export const config = {
  matcher: [
    {
      source: "/((?!api|_next/static|_next/image|favicon.ico).*)",
      missing: [
        { type: "header", key: "content-length" },
        { type: "header", key: "transfer-encoding" },
      ],
    },
    { source: "/((?!api|_next/static|_next/image|favicon.ico).*)", has: [{ type: "header", key: "content-length", value: "[0-9]{1,7}" }] },
  ],
};
