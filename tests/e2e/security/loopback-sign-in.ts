// Sign-in attempts from a chosen loopback address: Linux routes all of 127.0.0.0/8 to the
// loopback interface, so a client socket bound to 127.0.1.7 reaches a server on 127.0.0.1 and
// the server sees 127.0.1.7 as its peer, the address its per-address limits count (no proxy is
// trusted). How an attacker with many addresses, or a user on another network, looks to it.
import http from "node:http";
import type { SignInAnswer } from "./server";

type Reply = { status: number; setCookie: string[]; text: string };

function requestFrom(localAddress: string, url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: init.method ?? "GET", headers: init.headers, localAddress, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, setCookie: response.headers["set-cookie"] ?? [], text: Buffer.concat(chunks).toString("utf8") }));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(init.body);
  });
}

/** One sign-in through next-auth's credentials callback, as the login form sends it, from `localAddress`, with the browser's `cookie` if any. */
export async function signInFrom(base: string, localAddress: string, email: string, password: string, cookie = ""): Promise<SignInAnswer> {
  const csrf = await requestFrom(localAddress, `${base}/api/auth/csrf`, { headers: cookie ? { cookie } : {} });
  const csrfCookies = csrf.setCookie.map((c) => c.split(";")[0]!);
  const { csrfToken } = JSON.parse(csrf.text) as { csrfToken: string };
  const sent = [cookie, ...csrfCookies].filter(Boolean).join("; ");
  const body = new URLSearchParams({ csrfToken, email, password, json: "true" }).toString();
  const response = await requestFrom(localAddress, `${base}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(Buffer.byteLength(body)), cookie: sent },
    body,
  });
  let error: string | null = null;
  try {
    error = new URL((JSON.parse(response.text) as { url: string }).url, base).searchParams.get("error");
  } catch {
    error = `HTTP ${response.status}: ${response.text.slice(0, 200)}`;
  }
  const session = response.setCookie.map((c) => c.split(";")[0]!).find((c) => c.includes("session-token="));
  const all = [sent, ...response.setCookie.map((c) => c.split(";")[0]!)].filter(Boolean);
  return { ok: Boolean(session) && !error, error, cookie: session ? all.join("; ") : null, setCookie: response.setCookie, status: response.status };
}
