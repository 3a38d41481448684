import { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { authOptions, secureCookies } from "@/lib/auth/options";
import { knownDeviceSetCookie, signKnownDevice, type DeviceAccount } from "@/lib/auth/known-device";
import { authSecret } from "@/lib/env";
import { readBoundedBody } from "@/lib/http/bounded-body";
import { errorResponse } from "@/lib/http/route";

// Sign-in forms, CSRF tokens and sign-out are a few hundred bytes: next-auth reads a body
// whole, so it only ever gets one read here under this bound (declared or streamed), before any
// sign-in handling.
const MAX_AUTH_BODY_BYTES = 16 * 1024;

type Context = { params: Promise<{ nextauth: string[] }> };

// Built per request so that the options (secret, providers) come from validated settings.
async function handler(request: NextRequest, context: Context) {
  try {
    const params = await context.params;
    let bounded = request;
    if (request.method !== "GET" && request.method !== "HEAD") {
      const body = await readBoundedBody(request, MAX_AUTH_BODY_BYTES);
      const headers = new Headers(request.headers);
      headers.delete("content-length");
      headers.delete("transfer-encoding");
      bounded = new NextRequest(request.url, { method: request.method, headers, body: body.length ? new Uint8Array(body) : undefined });
    }
    // "Sign out everywhere": a sign-out (CSRF-checked by next-auth) that also ends the user's other sessions.
    const everywhere = params.nextauth[0] === "signout" && request.nextUrl.searchParams.get("everywhere") === "1";
    // A sign-in (password or OIDC) also gives the browser its device cookie for that account
    // (lib/auth/known-device.ts), so its next sign-ins go ahead of strangers'.
    let signedIn: DeviceAccount | null = null;
    const options = authOptions({ signOutEverywhere: everywhere, onSignedIn: (account) => (signedIn = account) });
    const response: Response = await NextAuth(bounded as never, { params } as never, options);
    if (signedIn) response.headers.append("set-cookie", knownDeviceSetCookie(await signKnownDevice(signedIn, authSecret()), secureCookies()));
    return response;
  } catch (error) {
    return errorResponse(error);
  }
}

export { handler as GET, handler as POST };
