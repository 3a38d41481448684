// The load test's annotators (run-load.ts): each claims, then submits a box and goes on to the
// next item as soon as the previous answer is back, against Verity (exactly as the review
// screen does it: POST Start once, then per item one POST of the submitted answer naming its
// queue and claim, which stores it, closes the claim and claims the next item) or against the
// bare reference (bare-reference.ts, the same data changes as plain JSON routes, one per item).
// VERITY_LOAD_PROTOCOL=two-requests makes each item two requests instead, as the screen falls
// back to (the answer, then the queue's /next form with the claim to close): the same build
// measured both ways, an A/B of the one-request submit.
import type { AppServer } from "../e2e/fault/app-server";

export type Op = "claim" | "save" | "submit";
export type Claimed = { claimId: string; sampleId: string };
// A submit's answer: the claim is closed, and the next item claimed (null: nothing left).
export type Submitted = { next: Claimed | null };
export type LoadClient = {
  claim(): Promise<Claimed | string>;
  /** Saves the submitted box, closes the claim and claims the next item; `save` is timed apart when that takes two requests. */
  submit(item: Claimed, box: number[], timedSave: <T>(work: () => Promise<T>) => Promise<T>): Promise<Submitted | string>;
};

export const TWO_REQUESTS = process.env.VERITY_LOAD_PROTOCOL === "two-requests";
if (process.env.VERITY_LOAD_PROTOCOL && !TWO_REQUESTS) throw new Error(`VERITY_LOAD_PROTOCOL is two-requests or unset, not ${process.env.VERITY_LOAD_PROTOCOL}`);

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
// "submit" is the submitted answer with the close of its claim and the next one's claim
// (without the answer's save under two-requests, which is timed as "save").
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
    const box = [100 + shift, 100, 400 + shift, 260];
    const started = performance.now();
    let saveMs = 0;
    const timedSave = async <T>(work: () => Promise<T>): Promise<T> => {
      const at = performance.now();
      try {
        return await work();
      } finally {
        saveMs = performance.now() - at;
        tally.latencies.save.push(saveMs);
      }
    };
    const done = await client.submit(item, box, timedSave);
    tally.latencies.submit.push(performance.now() - started - saveMs);
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

// Where going on led: the close refused makes it go on all the same and say why in the address.
function closedAt(moved: URL | string): Submitted | string {
  if (typeof moved === "string") return moved;
  const refused = moved.searchParams.get("unsubmitted");
  return refused ? `not closed (${refused}): ${moved}` : { next: claimedAt(moved) };
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
    async submit(item, box, timedSave) {
      const payload = { targetAbsent: false, box, instructionRewrite: null, qualityScore: null, note: null };
      const answer = `/api/projects/${seed.projectId}/samples/${item.sampleId}/answer`;
      if (TWO_REQUESTS) {
        const saved = await timedSave(() => post(answer, { baseVersion: null, status: "submitted", payload }));
        if (saved !== true) return `save: ${saved}`;
        return closedAt(await next(new URLSearchParams({ close: item.claimId })));
      }
      const sent = await server.postJson(cookie, answer, { baseVersion: null, status: "submitted", payload, queue: { queueId: seed.queueId, claimId: item.claimId } });
      if (sent.status !== 200 || sent.result?.ok !== true) return `${sent.status} ${sent.raw.slice(0, 200)}`;
      const location = (sent.result as { next?: unknown }).next;
      if (typeof location !== "string") return `no next item in the reply: ${sent.raw.slice(0, 200)}`;
      return closedAt(new URL(location, server.base));
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
    async submit(item, box, timedSave) {
      if (TWO_REQUESTS) {
        const saved = await timedSave(() => post("/save", { sampleId: item.sampleId, box }));
        if (saved.status !== 200) return `save: ${saved.status} ${await saved.text()}`;
        await saved.arrayBuffer();
      }
      const response = await post(TWO_REQUESTS ? "/submit-next" : "/save-submit-next", { claimId: item.claimId, sampleId: item.sampleId, box });
      if (response.status !== 200) return `${response.status} ${await response.text()}`;
      return (await response.json()) as Submitted;
    },
  };
}
