// The load test's annotators (run-load.ts): each claims, saves a submitted box and submits the
// claim again as soon as the previous answer is back, against Verity (exactly as the review
// screen does it: POST Start once, then per item POST the answer and POST /next with the claim
// to close, which claims the next item in the same request) or against the bare reference
// (bare-reference.ts, the same data changes as plain JSON routes, the same two per item).
import type { AppServer } from "../e2e/fault/app-server";

export type Op = "claim" | "save" | "submit";
export type Claimed = { claimId: string; sampleId: string };
// A submit's answer: the claim is closed, and the next item claimed (null: nothing left).
export type Submitted = { next: Claimed | null };
export type LoadClient = {
  claim(): Promise<Claimed | string>;
  save(sampleId: string, box: number[]): Promise<true | string>;
  submit(claimId: string): Promise<Submitted | string>;
};

export type Tally = { latencies: Record<Op, number[]>; errors: string[]; submitted: { claimId: string; sampleId: string; user: string }[] };
export const newTally = (): Tally => ({ latencies: { claim: [], save: [], submit: [] }, errors: [], submitted: [] });

async function timed<T>(tally: Tally, op: Op, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    tally.latencies[op].push(performance.now() - started);
  }
}

// "claim" is timed only where a claim is its own request (the first, or after a failure);
// "submit" is the close of a claim with the next one's claim.
export async function annotate(tally: Tally, client: LoadClient, user: string, until: number): Promise<void> {
  let claimed: Claimed | null = null;
  while (Date.now() < until) {
    if (!claimed) {
      const fresh = await timed(tally, "claim", () => client.claim());
      if (typeof fresh === "string") {
        tally.errors.push(`claim: ${fresh}`);
        continue;
      }
      claimed = fresh;
    }
    const item: Claimed = claimed;
    claimed = null;
    const shift = tally.submitted.length % 300;
    const saved = await timed(tally, "save", () => client.save(item.sampleId, [100 + shift, 100, 400 + shift, 260]));
    if (saved !== true) {
      tally.errors.push(`save: ${saved}`);
      continue;
    }
    const done = await timed(tally, "submit", () => client.submit(item.claimId));
    if (typeof done === "string") {
      tally.errors.push(`submit: ${done}`);
      continue;
    }
    tally.submitted.push({ ...item, user });
    claimed = done.next;
  }
}

// The claim a /next redirect leads to, or null when it leads back to the queues page (done).
function claimedAt(location: URL): Claimed | null {
  const claimId = location.searchParams.get("claim");
  return claimId ? { claimId, sampleId: location.pathname.split("/").pop()! } : null;
}

/** One signed-in annotator of Verity. */
export function verityClient(server: AppServer, cookie: string, seed: { projectId: string; queueId: string }): LoadClient {
  // As the browser sends them (components/review/post-json.ts), with the page's origin.
  const post = async (route: string, body: object): Promise<true | string> => {
    const sent = await server.postJson(cookie, route, body);
    return sent.status === 200 && sent.result?.ok === true ? true : `${sent.status} ${sent.raw.slice(0, 200)}`;
  };
  // The queue's /next, as the review screen's form posts it (components/queues/open-next-item.ts).
  const next = async (form: URLSearchParams): Promise<URL | string> => {
    const answer = await fetch(`${server.base}/api/projects/${seed.projectId}/queues/${seed.queueId}/next`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, origin: server.base, "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
    const location = answer.headers.get("location");
    await answer.arrayBuffer();
    return answer.status === 303 && location ? new URL(location, server.base) : `${answer.status} ${location ?? ""}`;
  };
  return {
    async claim() {
      const started = await next(new URLSearchParams());
      if (typeof started === "string") return started;
      return claimedAt(started) ?? `nothing to claim: ${started}`;
    },
    async save(sampleId, box) {
      const payload = { targetAbsent: false, box, instructionRewrite: null, qualityScore: null, note: null };
      return post(`/api/projects/${seed.projectId}/samples/${sampleId}/answer`, { baseVersion: null, status: "submitted", payload });
    },
    async submit(claimId) {
      const moved = await next(new URLSearchParams({ close: claimId }));
      if (typeof moved === "string") return moved;
      // The close refused: the route goes on all the same and says why in the address.
      const refused = moved.searchParams.get("unsubmitted");
      return refused ? `not closed (${refused}): ${moved}` : { next: claimedAt(moved) };
    },
  };
}

/** One annotator of the bare reference, named by user id (it has no sessions). */
export function bareClient(base: string, userId: string): LoadClient {
  const post = (route: string, body: object) => fetch(`${base}${route}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ userId, ...body }) });
  return {
    async claim() {
      const response = await post("/claim", {});
      if (response.status !== 200) return `${response.status} ${await response.text()}`;
      return (await response.json()) as Claimed;
    },
    async save(sampleId, box) {
      const response = await post("/save", { sampleId, box });
      return response.status === 200 ? (await response.arrayBuffer(), true) : `${response.status} ${await response.text()}`;
    },
    async submit(claimId) {
      const response = await post("/submit-next", { claimId });
      if (response.status !== 200) return `${response.status} ${await response.text()}`;
      return (await response.json()) as Submitted;
    },
  };
}
