// The pages-router answer routes read their body with readBoundedNodeBody: a real node:http
// server on loopback, so the bound is checked on a real socket, as the routes see it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readBoundedNodeBody } from "@/lib/http/bounded-body";
import { isAppError } from "@/lib/errors";

const LIMIT = 1024;
let server: http.Server;
let base = "";

beforeAll(async () => {
  server = http.createServer((request, response) => {
    readBoundedNodeBody(request, LIMIT).then(
      (body) => response.writeHead(200).end(`read ${body.length}`),
      (error: unknown) => response.writeHead(isAppError(error) ? error.status : 500).end(String((error as Error).message)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

// A body streamed in chunks without Content-Length (chunked), so only the reading can stop it.
function streamed(total: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close();
      const chunk = new Uint8Array(Math.min(256, total - sent)).fill(120);
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
}

describe("readBoundedNodeBody", () => {
  it("reads a body within the bound whole, declared or streamed", async () => {
    const declared = await fetch(base, { method: "POST", body: "x".repeat(LIMIT) });
    expect([declared.status, await declared.text()]).toEqual([200, `read ${LIMIT}`]);
    const chunked = await fetch(base, { method: "POST", body: streamed(700), duplex: "half" } as RequestInit);
    expect([chunked.status, await chunked.text()]).toEqual([200, "read 700"]);
  });

  it("refuses a declared length over the bound before reading, with 413", async () => {
    const response = await fetch(base, { method: "POST", body: "x".repeat(LIMIT + 1) });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain(`over ${LIMIT} bytes`);
  });

  it("refuses a streamed body the moment it passes the bound, and the server goes on answering", async () => {
    const response = await fetch(base, { method: "POST", body: streamed(64 * LIMIT), duplex: "half" } as RequestInit);
    expect(response.status).toBe(413);
    const after = await fetch(base, { method: "POST", body: "ok" });
    expect([after.status, await after.text()]).toEqual([200, "read 2"]);
  });
});
