// Sends signed-out visitors of app pages to the sign-in page. A convenience only: every
// page, action and route checks the caller itself (lib/auth/session.ts). Proxies run on the
// Node.js runtime in Next.js 16, so the secret can come from the data dir like the app's.
import { withAuth } from "next-auth/middleware";
import { authSecret } from "@/lib/env";

export default withAuth({ pages: { signIn: "/login" }, secret: authSecret() });

export const config = {
  matcher: ["/((?!login|api|_next/static|_next/image|favicon.ico).*)"],
};
