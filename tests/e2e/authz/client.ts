// HTTP as each kind of caller, with nothing but what a browser or script could send: the
// session cookie of a signed-in role (from the storage states sign-in.setup.ts saved), or
// none. Server actions are called the way React calls them: POST with the action's id from the
// build's server-reference manifest and the arguments encoded by React's own encodeReply.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { storageStatePath, type E2eRole } from "../seed-file";

export type Caller = E2eRole | "anonymous";

const require = createRequire(path.resolve("package.json"));
const { encodeReply } = require("next/dist/compiled/react-server-dom-webpack/client.edge") as {
  encodeReply: (value: unknown[]) => Promise<string | FormData>;
};

export function baseUrl(): string {
  return `http://127.0.0.1:${process.env.VERITY_E2E_PORT}`;
}

export function cookieOf(caller: Caller): string {
  if (caller === "anonymous") return "";
  const state = JSON.parse(readFileSync(storageStatePath(caller), "utf8")) as { cookies: { name: string; value: string }[] };
  return state.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
}

export type HttpResult = { status: number; location: string | null; text: string };

export async function callRoute(caller: Caller, method: string, url: string, init: { body?: BodyInit; headers?: Record<string, string> } = {}): Promise<HttpResult> {
  const response = await fetch(`${baseUrl()}${url}`, {
    method,
    redirect: "manual",
    headers: { cookie: cookieOf(caller), origin: baseUrl(), ...init.headers },
    body: init.body,
  });
  return { status: response.status, location: response.headers.get("location"), text: await response.text() };
}

type ManifestEntry = { filename: string; exportedName: string };
let actionIds: Map<string, string> | undefined;

export function actionId(file: string, name: string): string {
  if (!actionIds) {
    const manifest = JSON.parse(readFileSync(path.resolve(".next/server/server-reference-manifest.json"), "utf8")) as { node: Record<string, ManifestEntry> };
    actionIds = new Map(Object.entries(manifest.node).map(([id, entry]) => [`${entry.filename}#${entry.exportedName}`, id]));
  }
  const id = actionIds.get(`${file}#${name}`);
  if (!id) throw new Error(`${file}#${name} is not in the build's server-reference manifest: is it used by any page?`);
  return id;
}

export type ActionCall = { status: number; location: string | null; result: Record<string, unknown> | null; raw: string };

export function formData(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}

// `page` is the path posted to; any app page serves any action, the path only matters to the
// sign-in proxy (signed-out callers are sent to /login before the action runs).
export async function callAction(caller: Caller, file: string, name: string, args: unknown[], page = "/projects"): Promise<ActionCall> {
  const body = await encodeReply(args);
  const response = await fetch(`${baseUrl()}${page}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      cookie: cookieOf(caller),
      origin: baseUrl(),
      accept: "text/x-component",
      "next-action": actionId(file, name),
      ...(typeof body === "string" ? { "content-type": "text/plain;charset=UTF-8" } : {}),
    },
    body,
  });
  const raw = await response.text();
  // The RSC payload's row 1 is the action's return value.
  const row = /^1:(\{.*\})$/m.exec(raw)?.[1];
  return { status: response.status, location: response.headers.get("location"), result: row ? (JSON.parse(row) as Record<string, unknown>) : null, raw };
}
