// The load test's annotators (run-load.ts): each claims, saves a submitted box and submits the
// claim again as soon as the previous answer is back, against Verity (exactly as the review
// screen does it: POST Start, POST the answer, POST the claim's submit) or against the
// bare reference (bare-reference.ts, the same data changes as plain JSON routes).
import type { AppServer } from "../e2e/fault/app-server";

export type Op = "claim" | "save" | "submit";
export type Claimed = { claimId: string; sampleId: string };
export type LoadClient = {
  claim(): Promise<Claimed | string>;
  save(sampleId: string, box: number[]): Promise<true | string>;
  submit(claimId: string): Promise<true | string>;
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

export async function annotate(tally: Tally, client: LoadClient, user: string, until: number): Promise<void> {
  while (Date.now() < until) {
    const claimed = await timed(tally, "claim", () => client.claim());
    if (typeof claimed === "string") {
      tally.errors.push(`claim: ${claimed}`);
      continue;
    }
    const shift = tally.submitted.length % 300;
    const saved = await timed(tally, "save", () => client.save(claimed.sampleId, [100 + shift, 100, 400 + shift, 260]));
    if (saved !== true) {
      tally.errors.push(`save: ${saved}`);
      continue;
    }
    const done = await timed(tally, "submit", () => client.submit(claimed.claimId));
    if (done !== true) {
      tally.errors.push(`submit: ${done}`);
      continue;
    }
    tally.submitted.push({ ...claimed, user });
  }
}

/** One signed-in annotator of Verity. */
export function verityClient(server: AppServer, cookie: string, seed: { projectId: string; queueId: string }): LoadClient {
  // As the browser sends them (components/review/post-json.ts), with the page's origin.
  const post = async (route: string, body: object): Promise<true | string> => {
    const sent = await server.postJson(cookie, route, body);
    return sent.status === 200 && sent.result?.ok === true ? true : `${sent.status} ${sent.raw.slice(0, 200)}`;
  };
  return {
    async claim() {
      const started = await fetch(`${server.base}/api/projects/${seed.projectId}/queues/${seed.queueId}/next`, { method: "POST", redirect: "manual", headers: { cookie, origin: server.base } });
      const location = new URL(started.headers.get("location") ?? "", server.base);
      const claimId = location.searchParams.get("claim");
      if (started.status !== 303 || !claimId) return `${started.status} ${location}`;
      return { claimId, sampleId: location.pathname.split("/").pop()! };
    },
    async save(sampleId, box) {
      const payload = { targetAbsent: false, box, instructionRewrite: null, qualityScore: null, note: null };
      return post(`/api/projects/${seed.projectId}/samples/${sampleId}/answer`, { baseVersion: null, status: "submitted", payload });
    },
    async submit(claimId) {
      return post(`/api/projects/${seed.projectId}/claims/${claimId}/submit`, {});
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
      const response = await post("/submit", { claimId });
      return response.status === 200 ? (await response.arrayBuffer(), true) : `${response.status} ${await response.text()}`;
    },
  };
}
