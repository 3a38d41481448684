// What the framework itself costs per request, measured on Verity's running server right after
// the annotators stop: the same number of clients POST to the routes an item's requests take
// (floorRoutes), with no session, which the app refuses (401) in its session check, before any
// SQL. An item is one
// request (its submitted answer, which closes its claim and claims the next item; two under
// VERITY_LOAD_PROTOCOL=two-requests), and none can cost less than this refusal, so the floor's
// rate per item's requests bounds the items/s that any work on Verity's own code could reach
// on this machine and server.
import type { AppServer } from "../e2e/fault/app-server";
import { TWO_REQUESTS } from "./load-client";
import { cpuMs } from "./load-run";

// An item's requests on the hot path.
const REQUESTS_PER_ITEM = TWO_REQUESTS ? 2 : 1;

export type FloorResult = { requests: number; seconds: number; serverCpuMs: number; refusedOtherwise: number };

/** The routes an item's requests go to, in order: its answer (a pages-router API route), and
 * under the two-request protocol the queue's /next route (an app-router route handler). */
export function floorRoutes(seed: { projectId: string; queueId: string }): string[] {
  const answer = `/api/projects/${seed.projectId}/samples/cm0000000000000000000000/answer`;
  return TWO_REQUESTS ? [answer, `/api/projects/${seed.projectId}/queues/${seed.queueId}/next`] : [answer];
}

export async function measureFrameworkFloor(server: AppServer, routes: string[], clients: number, seconds: number): Promise<FloorResult> {
  let requests = 0;
  let refusedOtherwise = 0;
  const cpuBefore = cpuMs(server.pid);
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = 0; Date.now() < until; i++) {
        const answer = await fetch(`${server.base}${routes[i % routes.length]}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin: server.base }, body: "close=nosuchclaim0" });
        await answer.arrayBuffer();
        // Anything but the refusal means the route did work, and the floor would be wrong.
        if (answer.status !== 401) refusedOtherwise++;
        requests++;
      }
    }),
  );
  return { requests, seconds, serverCpuMs: cpuMs(server.pid) - cpuBefore, refusedOtherwise };
}

export function reportFloor(floor: FloorResult, bareItemsPerSecond: number): boolean {
  const perSecond = floor.requests / floor.seconds;
  const bound = perSecond / REQUESTS_PER_ITEM;
  console.log(
    `framework floor (a request refused by the session check, no SQL): ${perSecond.toFixed(0)} requests/s, server CPU ${(floor.serverCpuMs / Math.max(1, floor.requests)).toFixed(2)} ms per request; ` +
      `${REQUESTS_PER_ITEM === 1 ? "one" : "two"} per item: at most ${bound.toFixed(1)} items/s, ${(bound / Math.max(1e-9, bareItemsPerSecond)).toFixed(2)} of the bare reference`,
  );
  if (floor.refusedOtherwise > 0) console.log(`  ${floor.refusedOtherwise} answers were not 401: the floor measured work, not the framework`);
  return floor.refusedOtherwise === 0;
}
