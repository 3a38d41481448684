// Sends signed-out visitors of app pages to the sign-in page. A convenience only: every
// page, action and route checks the caller itself (lib/auth/session.ts). Proxies run on the
// Node.js runtime in Next.js 16, so the secret can come from the data dir like the app's.
import { withAuth } from "next-auth/middleware";
import { authSecret } from "@/lib/env";
import { decodeSessionToken } from "@/lib/auth/session-codec";

export default withAuth({ pages: { signIn: "/login" }, secret: authSecret(), jwt: { decode: decodeSessionToken } });

// Next.js reads the whole body of every request it hands the proxy before it answers (it keeps
// a copy of the first 10 MB for the page, then waits for the body to end), so only requests
// without a body or with a declared one under 10 MB go through it. Anything larger or
// streamed without a length goes straight to its page or server action, which bound their
// bodies themselves (server actions at experimental.serverActions.bodySizeLimit).
// (Literals only: Next.js reads this object at build time.)
export const config = {
  matcher: [
    {
      source: "/((?!login|api|_next/static|_next/image|favicon.ico).*)",
      missing: [
        { type: "header", key: "content-length" },
        { type: "header", key: "transfer-encoding" },
      ],
    },
    { source: "/((?!login|api|_next/static|_next/image|favicon.ico).*)", has: [{ type: "header", key: "content-length", value: "[0-9]{1,7}" }] },
  ],
};
