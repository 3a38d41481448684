// The OpenAI-compatible stand-in in a process of its own, as a real model server is: started by
// stand-in-launcher.ts (the model-run benchmark, the load test), answering every chat request with `[100,200]` after REPLY_MS, and
// printing its URL on the first line of stdout. When the parent closes stdin it prints the
// requests it accepted, the peak open at once and any refused, then exits.
import { startOpenAiStandIn } from "@/tests/support/openai-stand-in";

async function main() {
  const replyMs = Number(process.env.REPLY_MS ?? "200");
  let accepted = 0;
  const server = await startOpenAiStandIn({
    models: ["bench-model"],
    reply: () => {
      accepted += 1;
      return { content: "[100,200]", delayMs: replyMs, completionTokens: 4 };
    },
  });
  process.stdout.write(`${server.url}\n`);
  // What it keeps of each request is not needed here, and would grow with the run.
  setInterval(() => server.requests.splice(0), 1000).unref();
  process.stdin.resume();
  process.stdin.on("end", async () => {
    process.stdout.write(`${JSON.stringify({ requests: accepted, inFlightPeak: server.inFlightPeak, violations: server.violations.slice(0, 5) })}\n`);
    await server.close();
    process.exit(0);
  });
}

void main();
