// Sends a request body far larger than any route accepts, as an attacker would: either
// declared up front (Content-Length) or streamed without a length (chunked), and stops
// sending when the server answers or when `maxSend` bytes are out (then status -1 if no
// answer follows). A server that bounds its
// bodies answers long before the body ends; one that reads bodies whole never answers.
import http from "node:http";

export type OversizedResult = { status: number; sent: number; body: string };

export function sendOversized(
  url: string,
  options: { method?: string; headers?: Record<string, string>; declared?: number; maxSend: number; fill?: number },
): Promise<OversizedResult> {
  const target = new URL(url);
  const headers: Record<string, string> = { ...options.headers };
  if (options.declared !== undefined) headers["content-length"] = String(options.declared);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = http.request(target, { method: options.method ?? "POST", headers }, (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on("data", (c: Buffer) => chunks.length < 64 && chunks.push(c));
      response.on("end", () => {
        resolve({ status: response.statusCode ?? 0, sent, body: Buffer.concat(chunks).toString("utf8").slice(0, 2000) });
        request.destroy();
      });
      response.on("error", () => resolve({ status: response.statusCode ?? 0, sent, body: "" }));
    });
    request.on("error", (error) => {
      if (answered) return;
      // The server closed the connection on a body it refused: no status to read.
      if (sent > 0) resolve({ status: 0, sent, body: String(error) });
      else reject(error);
    });
    const chunk = Buffer.alloc(1024 * 1024, options.fill ?? 97);
    const pump = () => {
      while (!answered && sent < options.maxSend) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      if (answered) return;
      if (options.declared === undefined) request.end();
      // Everything allowed is out and no answer came: the server is still reading (or
      // waiting for the rest). Reported as status -1 rather than waiting for ever.
      setTimeout(() => {
        if (answered) return;
        resolve({ status: -1, sent, body: "no answer after the body was sent" });
        request.destroy();
      }, 60_000).unref();
    };
    pump();
  });
}
