// Calls an App Router route handler in-process as an API client would: a bearer token, an
// optional JSON body, the route's params; returns the status, the raw text and the parsed JSON.
import { NextRequest } from "next/server";

export type RouteHandler<P> = (request: NextRequest, context: { params: Promise<P> }) => Promise<Response>;

export async function callRoute<P>(handler: RouteHandler<P>, url: string, params: P, token: string, init: { method?: string; body?: unknown } = {}) {
  const headers = new Headers({ authorization: `Bearer ${token}` });
  if (init.body !== undefined) headers.set("content-type", "application/json");
  const request = new NextRequest(new URL(url, "http://verity.test"), { method: init.method ?? "GET", headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  const response = await handler(request, { params: Promise.resolve(params) });
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}
