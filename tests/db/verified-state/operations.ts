// The operations of the model-based test, each done through the app's own domain functions as
// the screens, the API and the jobs do it, and each saying what it must do to the model: which
// item's lifecycle state and pinned final answer change, and how. Nothing here reads a derived
// value back: the invariants (invariants.ts) check those against the reference model.
import { expect } from "vitest";
import type { ProjectAccess } from "@/lib/auth/session";
import { bulkDecide } from "@/lib/annotations/bulk-decide";
import type { GroundingPayload } from "@/lib/annotations/grounding-payload";
import { decideProposal } from "@/lib/annotations/proposals";
import { reopenItem } from "@/lib/annotations/reopen-item";
import { saveAnswer } from "@/lib/annotations/save-answer";
import { isSettled, type ItemState } from "@/lib/domain/item-lifecycle";
import { reviewOverride } from "@/lib/verdicts/override-review";
import { runRederiveJob } from "@/lib/derived/rederive-job";
import { claimJob } from "@/lib/jobs/jobs";
import { updateProjectSettings } from "@/lib/projects/update-settings";
import { adjudicateItem } from "@/lib/queues/adjudicate-item";
import { claimNextItem } from "@/lib/queues/claim-next-item";
import { createQueue } from "@/lib/queues/create-queue";
import { makeHoneypot } from "@/lib/queues/honeypots";
import { markClaimSubmitted } from "@/lib/queues/mark-claim-submitted";
import { releaseClaim } from "@/lib/queues/release-claim";
import { canonicalJson } from "@/lib/domain/canonical-json";
import type { TrajectoryPayload } from "@/lib/domain/trajectory-payload";
import { overrideVerdict } from "@/lib/verdicts/override-verdict";
import { importInto } from "../import-support";
import { iou } from "./reference";
import { claimKey, randomGrounding, randomTrajectoryAnswer, writeRecords, type Rng, type SampleModel, type TrajectoryModel, type World } from "./world";

// Not yet answered since import, reopening or a change at the source (the model's own words for
// lib/domain/item-lifecycle.ts's rule: a first answer there puts the item in review).
const isFresh = (state: ItemState) => state === "unreviewed" || state === "reopened" || state === "source_changed";

type Item = { kind: "sample"; model: SampleModel } | { kind: "trajectory"; model: TrajectoryModel };
type AnyPayload = GroundingPayload | TrajectoryPayload;

const itemOf = (w: World, id: string): Item => {
  const s = w.samples.find((x) => x.id === id);
  if (s) return { kind: "sample", model: s };
  return { kind: "trajectory", model: w.trajectories.find((x) => x.id === id)! };
};

function randomItem(w: World, r: Rng): Item {
  return r.chance(0.5) ? { kind: "sample", model: r.pick(w.samples) } : { kind: "trajectory", model: r.pick(w.trajectories) };
}

function payloadFor(item: Item, r: Rng): AnyPayload {
  return item.kind === "sample" ? randomGrounding(r) : randomTrajectoryAnswer(r, item.model.stepCount);
}

/** A pinned revision: the model's final answer moves, and the item is settled. */
function pin(item: Item, decision: "accept" | "reject", payload: AnyPayload) {
  item.model.final = { decision, payload } as never;
  item.model.status = decision === "accept" ? "verified" : "rejected";
  item.model.revisions += 1;
}

const sameAnswer = (a: AnyPayload, b: AnyPayload) => canonicalJson(a) === canonicalJson(b);

async function save(w: World, who: ProjectAccess, item: Item, status: "draft" | "submitted", payload: AnyPayload, baseVersion?: number | null) {
  const mine = await w.db.annotation.findFirst({ where: { [item.kind === "sample" ? "sampleId" : "trajectoryId"]: item.model.id, annotatorId: who.user.id, kind: "label" } });
  return saveAnswer(w.db, who, { itemType: item.kind, itemId: item.model.id, baseVersion: baseVersion === undefined ? (mine?.version ?? null) : baseVersion, status, payload } as never);
}

export const OPERATIONS: { name: string; weight: number; run: (w: World, r: Rng) => Promise<string | null> }[] = [
  {
    // Drafts never touch a final answer, whoever saves them.
    name: "draft",
    weight: 10,
    async run(w, r) {
      const who = r.pick([...w.annotators, ...w.reviewers]);
      const item = randomItem(w, r);
      await save(w, who, item, "draft", payloadFor(item, r));
      return `${who.user.name} drafts ${item.model.sourceId}`;
    },
  },
  {
    // A save based on a version that moved on is refused and changes nothing.
    name: "stale save",
    weight: 3,
    async run(w, r) {
      const who = r.pick([...w.annotators, ...w.reviewers]);
      const item = randomItem(w, r);
      const mine = await w.db.annotation.findFirst({ where: { [item.kind === "sample" ? "sampleId" : "trajectoryId"]: item.model.id, annotatorId: who.user.id, kind: "label" } });
      if (!mine) return null;
      const attempt = save(w, who, item, r.chance(0.5) ? "draft" : "submitted", payloadFor(item, r), mine.version - 1 || null);
      await attempt.then(
        () => {
          throw new Error("a stale save landed");
        },
        (error: { code?: string }) => {
          if (error.code !== "conflict") throw error;
        },
      );
      return `${who.user.name} saves ${item.model.sourceId} on a stale version (refused)`;
    },
  },
  {
    // An annotator's submit outside a queue: in review, or on a settled item a proposal.
    name: "annotator submit",
    weight: 10,
    async run(w, r) {
      const who = r.pick(w.annotators);
      const item = randomItem(w, r);
      if (w.claimed.has(claimKey(who.user.id, item.model.id))) return null;
      const { outcome } = await save(w, who, item, "submitted", payloadFor(item, r));
      const settled = isSettled(item.model.status);
      const expected = settled ? "proposal" : "in_review";
      if (outcome !== expected) throw new Error(`${who.user.name}'s submit on ${item.model.sourceId} (${item.model.status}) was ${outcome}, expected ${expected}`);
      if (!settled && isFresh(item.model.status)) item.model.status = "in_review";
      return `${who.user.name} submits ${item.model.sourceId} (${outcome})`;
    },
  },
  {
    // A reviewer's submit pins a new revision, unless it is the current final answer again.
    name: "reviewer submit",
    weight: 10,
    async run(w, r) {
      const who = r.pick(w.reviewers);
      const item = randomItem(w, r);
      const current = item.model.final;
      const payload = current?.decision === "accept" && r.chance(0.2) ? current.payload : payloadFor(item, r);
      const { outcome } = await save(w, who, item, "submitted", payload);
      const unchanged = current?.decision === "accept" && sameAnswer(current.payload, payload);
      if (outcome !== (unchanged ? "unchanged" : "pin")) throw new Error(`${who.user.name}'s submit on ${item.model.sourceId} was ${outcome}`);
      if (!unchanged) pin(item, "accept", payload);
      return `${who.user.name} verifies ${item.model.sourceId}${unchanged ? " (unchanged)" : ""}`;
    },
  },
  {
    name: "override",
    weight: 6,
    async run(w, r) {
      const verdicts = await w.db.judgeVerdict.findMany({ where: { projectId: w.projectId, stepId: null }, orderBy: { id: "asc" } });
      if (verdicts.length === 0) return null;
      const v = r.pick(verdicts);
      const value = v.valueScore !== null ? r.int(21) / 2 : r.chance(0.5);
      await overrideVerdict(w.db, r.pick(w.reviewers), { verdictId: v.id, value, reason: "model test override" });
      return `override of ${v.judgeName} on ${v.sampleId ?? v.trajectoryId} to ${value}`;
    },
  },
  {
    name: "create queue",
    weight: 4,
    async run(w, r) {
      const itemType = r.chance(0.5) ? "sample" : "trajectory";
      const honeypots = await w.db.honeypot.count({ where: { projectId: w.projectId } });
      const result = await createQueue(w.db, w.admin, {
        name: `q${Date.now()}${r.int(1e6)}`,
        itemType,
        filter: { status: "unsettled" },
        overlap: 2,
        leaseSeconds: 3600,
        honeypotRate: honeypots > 0 ? 0.3 : 0,
        memberIds: w.annotators.map((a) => a.user.id),
      });
      return `queue of ${result.itemCount} ${itemType}s and ${result.honeypotCount} honeypots`;
    },
  },
  {
    // An annotator's answer in a queue of overlap 2: graded on a honeypot, else one of two
    // answers; two that agree pin a consensus, two that differ await adjudication.
    name: "queue answer",
    weight: 12,
    async run(w, r) {
      const who = r.pick(w.annotators);
      const queues = await w.db.queue.findMany({ where: { projectId: w.projectId, status: "active" }, orderBy: { id: "asc" } });
      if (queues.length === 0) return null;
      const queue = r.pick(queues);
      const claim = await claimNextItem(w.db, { queueId: queue.id, userId: who.user.id });
      if (!claim) return null;
      const item = itemOf(w, (claim.sampleId ?? claim.trajectoryId)!);
      w.claimed.add(claimKey(who.user.id, item.model.id));
      const queueItem = await w.db.queueItem.findUniqueOrThrow({ where: { id: claim.queueItemId } });
      if (r.chance(0.15)) {
        await releaseClaim(w.db, { claimId: claim.claimId, userId: who.user.id });
        // A skipped honeypot counts as answered wrong (while the item still has its known answer).
        const graded = (await w.db.claim.findUniqueOrThrow({ where: { id: claim.claimId } })).honeypotCorrect;
        expect(graded, `skip of ${item.model.sourceId}`).toBe(queueItem.isHoneypot && item.model.status === "verified" ? false : null);
        return `${who.user.name} skips ${item.model.sourceId}${queueItem.isHoneypot ? " (a honeypot)" : ""}`;
      }
      let payload: AnyPayload;
      if (queueItem.isHoneypot) payload = r.chance(0.5) && item.model.final ? item.model.final.payload : payloadFor(item, r);
      else {
        const truth = w.queueTruth.get(item.model.id);
        payload = truth && r.chance(0.7) ? truth : payloadFor(item, r);
        if (!truth) w.queueTruth.set(item.model.id, payload);
      }
      const { outcome } = await save(w, who, item, "submitted", payload);
      const submitted = await w.db.queueItem.findUniqueOrThrow({ where: { id: claim.queueItemId } });
      await markClaimSubmitted(w.db, { claimId: claim.claimId, userId: who.user.id });
      const after = await w.db.queueItem.findUniqueOrThrow({ where: { id: claim.queueItemId } });
      if (queueItem.isHoneypot) {
        if (outcome !== "graded") throw new Error(`a honeypot answer was ${outcome}`);
        const graded = (await w.db.claim.findUniqueOrThrow({ where: { id: claim.claimId } })).honeypotCorrect;
        expect(graded, `grade of the answer to honeypot ${item.model.sourceId}`).toBe(item.model.status === "verified" ? gradeAgainst(item, payload) : null);
        return `${who.user.name} answers honeypot ${item.model.sourceId}`;
      }
      if (isSettled(item.model.status)) {
        if (outcome !== "kept") throw new Error(`queue work on settled ${item.model.sourceId} was ${outcome}`);
        return `${who.user.name} answers ${item.model.sourceId}, settled meanwhile`;
      }
      if (outcome !== "queue_answer") throw new Error(`queue work on ${item.model.sourceId} was ${outcome}`);
      if (isFresh(item.model.status)) item.model.status = "in_review";
      if (submitted.submittedCount + 1 >= 2 && submitted.status === "open") {
        const answers = await w.db.annotation.findMany({
          where: { [item.kind === "sample" ? "sampleId" : "trajectoryId"]: item.model.id, kind: "label", status: "submitted", annotatorId: { in: (await w.db.claim.findMany({ where: { queueItemId: claim.queueItemId, status: "submitted" }, select: { userId: true } })).map((c) => c.userId) } },
        });
        // An earlier queue answer turned back into a draft (its author saved one over it): nothing
        // to compare, the item is only full (lib/queues/resolve-item.ts).
        if (answers.length < 2) {
          if (after.status !== "full") throw new Error(`expected ${item.model.sourceId} full with one submitted answer, the item is ${after.status}`);
          return `${who.user.name} answers ${item.model.sourceId}: full, the other answer is a draft again`;
        }
        const agreed = consensusOf(item, answers as never);
        if (agreed) {
          if (after.status !== "verified" || after.resolution !== "consensus") throw new Error(`expected a consensus on ${item.model.sourceId}, the item is ${after.status}`);
          pin(item, "accept", agreed);
        } else {
          if (after.status !== "adjudication") throw new Error(`expected adjudication on ${item.model.sourceId}, the item is ${after.status}`);
          item.model.status = "awaiting_adjudication";
        }
        return `${who.user.name} answers ${item.model.sourceId}: ${agreed ? "consensus" : "to adjudication"}`;
      }
      return `${who.user.name} answers ${item.model.sourceId}`;
    },
  },
  {
    name: "adjudicate",
    weight: 5,
    async run(w, r) {
      const waiting = await w.db.queueItem.findMany({ where: { status: "adjudication", queue: { projectId: w.projectId } }, orderBy: { id: "asc" } });
      if (waiting.length === 0) return null;
      const queueItem = r.pick(waiting);
      const item = itemOf(w, (queueItem.sampleId ?? queueItem.trajectoryId)!);
      const payload = payloadFor(item, r);
      if (item.kind === "sample" && !payload.hasOwnProperty("box")) return null;
      await adjudicateItem(w.db, r.pick(w.reviewers), { queueItemId: queueItem.id, itemType: item.kind, payload, pickedUserId: null } as never);
      pin(item, "accept", payload);
      return `adjudication of ${item.model.sourceId}`;
    },
  },
  {
    name: "honeypot",
    weight: 4,
    async run(w, r) {
      const item = randomItem(w, r);
      if (item.model.status !== "verified") return null;
      const key = item.kind === "sample" ? { sampleId: item.model.id } : { trajectoryId: item.model.id };
      if (await w.db.honeypot.count({ where: key })) return null;
      await makeHoneypot(w.db, w.admin, key);
      return `${item.model.sourceId} becomes a honeypot`;
    },
  },
  {
    name: "reopen",
    weight: 3,
    async run(w, r) {
      const item = randomItem(w, r);
      if (!isSettled(item.model.status)) return null;
      const key = item.kind === "sample" ? { sampleId: item.model.id } : { trajectoryId: item.model.id };
      if (await w.db.honeypot.count({ where: key })) return null;
      await reopenItem(w.db, r.pick(w.reviewers), key, "model test reopen");
      item.model.final = null;
      item.model.status = "reopened";
      return `${item.model.sourceId} reopened`;
    },
  },
  {
    name: "bulk",
    weight: 3,
    async run(w, r) {
      const chosen = [...new Set(Array.from({ length: 1 + r.int(3) }, () => r.pick(w.samples)))];
      const decision = r.chance(0.6) ? "accept" : "reject";
      const target: ItemState = decision === "accept" ? "verified" : "rejected";
      const expected = await Promise.all(chosen.map((s) => w.db.groundingSample.findUniqueOrThrow({ where: { id: s.id } })));
      await bulkDecide(w.db, r.pick(w.reviewers), chosen.map((s) => s.id), decision);
      for (const [i, s] of chosen.entries()) {
        if (s.status === target) continue;
        // The sample's current target as the derivation stores it (the invariants check that
        // value against the reference before this operation ran).
        const e = expected[i]!;
        const box = e.effectiveTargetAbsent || e.effectiveBoxX1 === null ? null : ([e.effectiveBoxX1, e.effectiveBoxY1!, e.effectiveBoxX2!, e.effectiveBoxY2!] as [number, number, number, number]);
        pin({ kind: "sample", model: s }, decision, { targetAbsent: e.effectiveTargetAbsent, box, instructionRewrite: e.instructionRewrite, qualityScore: e.humanScore, note: `${decision === "accept" ? "accepted" : "rejected"} in the bulk pass` });
      }
      return `bulk ${decision} of ${chosen.map((s) => s.sourceId).join(", ")}`;
    },
  },
  {
    name: "proposal",
    weight: 3,
    async run(w, r) {
      const open = await w.db.annotation.findMany({ where: { projectId: w.projectId, proposal: "open", status: "submitted" }, orderBy: { id: "asc" } });
      if (open.length === 0) return null;
      const proposal = r.pick(open);
      const item = itemOf(w, (proposal.sampleId ?? proposal.trajectoryId)!);
      const decision = r.chance(0.5) ? "accept" : "dismiss";
      if (decision === "accept" && !isSettled(item.model.status)) return null;
      await decideProposal(w.db, r.pick(w.reviewers), proposal.id, decision);
      if (decision === "accept") {
        const kinds = await import("@/lib/annotations/answer-kinds");
        pin(item, "accept", item.kind === "sample" ? kinds.payloadOf(proposal) : kinds.trajectoryPayloadOf(proposal));
      }
      return `proposal on ${item.model.sourceId} ${decision}ed`;
    },
  },
  {
    // New thresholds, rewards or advantage policy: every item is derived again by the job.
    name: "settings",
    weight: 2,
    async run(w, r) {
      const gold = 5 + r.int(5);
      const form = {
        name: "Model", description: "", eta: String(r.pick([1, 0.98, 0.9])), invalidActionPenalty: String(r.pick([0, -0.1, -0.25])),
        goldMin: String(gold), rewriteMin: String(gold - 1 - r.int(3)), iouAgreementThreshold: "0.5", honeypotRate: "0.05", triageMargin: "0.5",
        advantagePolicy: r.pick(["verified_only", "automatic_fallback"]),
      };
      const { rederive } = await updateProjectSettings(w.db, w.projectId, form, w.admin.user.id);
      if (!rederive) return "settings saved, nothing to derive";
      const job = await w.db.job.findFirstOrThrow({ where: { projectId: w.projectId, kind: "rederive", status: "queued" } });
      if (!(await claimJob(w.db, job.id))) throw new Error("the recompute job could not be claimed");
      await runRederiveJob(w.db, job.id);
      return `settings: gold ${form.goldMin}, rewrite ${form.rewriteMin}, eta ${form.eta}, ${form.advantagePolicy}`;
    },
  },
  {
    // A re-import of the same records changes nothing, human work included.
    name: "re-import",
    weight: 2,
    async run(w) {
      const report = await importInto(w.db, w.projectId, w.importDir);
      if (report.rejectedCount > 0) throw new Error(`re-import refused records: ${JSON.stringify(report.rejected)}`);
      return `re-import (${report.unchanged} unchanged)`;
    },
  },
  {
    // A benchmark re-run rewrites its file in place: a verdict's log or value, a sample's
    // instruction or a trajectory's goal changes, and it is imported again under either policy.
    // A settled item whose inputs changed is reopened as source_changed (never a honeypot), or
    // keeps what was verified; a verdict keeps its overrides whatever changed.
    name: "re-import changed",
    weight: 4,
    async run(w, r) {
      const policy = r.pick(["reopen", "keep"] as const);
      const kind = r.pick(["rationale", "value", "instruction", "goal"] as const);
      const mark = `r${w.log.length}`;
      let changed: { item: Item; field: "instruction" | "goal"; line: Record<string, unknown>; was: unknown } | null = null;
      let what: string;
      if (kind === "rationale" || kind === "value") {
        // Mostly a verdict someone overrode: the case where a re-import could undo human work.
        const overridden = await w.db.judgeOverride.findMany({ where: { status: "accepted", verdict: { projectId: w.projectId } }, select: { verdict: { select: { judgeName: true, sample: { select: { sourceId: true } }, trajectory: { select: { sourceId: true } } } } } });
        const target = overridden.length > 0 && r.chance(0.7) ? r.pick(overridden).verdict : null;
        const line = target
          ? w.records.find((l) => l.id === (target.sample?.sourceId ?? target.trajectory?.sourceId))!
          : r.pick(w.records.filter((l) => (l.verdicts?.length ?? 0) > 0));
        const verdict = target ? line.verdicts!.find((v) => v.judge === target.judgeName)! : r.pick(line.verdicts!);
        if (kind === "rationale") verdict.rationale = `log ${mark}`;
        else verdict.value = typeof verdict.value === "boolean" ? !verdict.value : ((verdict.value as number) + 2.5) % 10.5;
        what = `${kind} of ${line.id}'s ${String(verdict.judge)} verdict`;
      } else {
        const field = kind;
        const line = r.pick(w.records.filter((l) => l.type === (field === "instruction" ? "sample" : "trajectory")));
        const model = field === "instruction" ? w.samples.find((s) => s.sourceId === line.id)! : w.trajectories.find((t) => t.sourceId === line.id)!;
        changed = { item: field === "instruction" ? { kind: "sample", model: model as SampleModel } : { kind: "trajectory", model: model as TrajectoryModel }, field, line, was: line[field] };
        line[field] = `${String(line[field]).replace(/ \(r\d+\)$/, "")} (${mark})`;
        what = `${field} of ${line.id}`;
      }
      writeRecords(w);
      const settled = changed ? isSettled(changed.item.model.status) : false;
      const key = changed ? (changed.item.kind === "sample" ? { sampleId: changed.item.model.id } : { trajectoryId: changed.item.model.id }) : null;
      const honeypot = key ? (await w.db.honeypot.count({ where: key })) > 0 : false;
      const report = await importInto(w.db, w.projectId, w.importDir, { onVerifiedChange: policy });
      if (report.rejectedCount > 0) throw new Error(`re-import refused records: ${JSON.stringify(report.rejected)}`);
      expect(report.created.verdicts, "a changed verdict is a revision, never a second verdict").toBe(0);
      if (changed && settled) {
        const reopen = policy === "reopen" && !honeypot;
        expect(report.sourceChanges, `the report names ${changed.item.model.sourceId}`).toContainEqual(expect.objectContaining({ itemId: changed.item.model.id, action: reopen ? "reopened" : "kept" }));
        if (reopen) {
          changed.item.model.final = null;
          changed.item.model.status = "source_changed";
        } else {
          // Kept: the stored inputs are the verified ones. The file goes back to them, or the next
          // plain re-import would find the same change again.
          changed.line[changed.field] = changed.was;
          writeRecords(w);
        }
        return `${what} changed at the source, ${reopen ? "reopened" : "kept"} (${policy})`;
      }
      expect(report.sourceChanges ?? [], "nothing settled changed").toEqual([]);
      return `${what} changed at the source (${policy})`;
    },
  },
  {
    // A reviewer answers a verdict that changed under their override: confirm it, or withdraw it.
    name: "review override",
    // Often: it finds something to do only between a value change and the next one.
    weight: 8,
    async run(w, r) {
      const outdated = await w.db.judgeVerdict.findMany({ where: { projectId: w.projectId, overrideOutdated: true }, select: { id: true, effectiveOverrideId: true } });
      if (outdated.length === 0) return null;
      const verdict = r.pick(outdated);
      const decision = r.pick(["confirm", "withdraw"] as const);
      await reviewOverride(w.db, r.pick(w.reviewers), { overrideId: verdict.effectiveOverrideId!, decision });
      return `override on ${verdict.id} ${decision === "confirm" ? "confirmed" : "withdrawn"}`;
    },
  },
];

/** A honeypot answer is right when it matches the known (final) answer: same refusal, boxes at IoU >= 0.5; same trace verdict. */
function gradeAgainst(item: Item, given: AnyPayload): boolean {
  const known = item.model.final!.payload;
  if (item.kind === "trajectory") return (known as TrajectoryPayload).traceVerdict === (given as TrajectoryPayload).traceVerdict;
  const k = known as GroundingPayload;
  const g = given as GroundingPayload;
  if (k.targetAbsent || g.targetAbsent) return k.targetAbsent === g.targetAbsent;
  return iou(k.box!, g.box!) >= 0.5;
}

/** What two agreeing queue answers pin (the domain's consensus rule on the test's inputs). */
function consensusOf(item: Item, answers: { targetAbsent: boolean | null; boxX1: number | null; boxY1: number | null; boxX2: number | null; boxY2: number | null; instructionRewrite: string | null; qualityScore: number | null; traceVerdict: string | null; firstWrongStep: number | null; stepLabels: unknown }[]): AnyPayload | null {
  if (answers.length < 2) return null;
  if (item.kind === "sample") {
    const boxes = answers.map((a) => (a.targetAbsent ? null : ([a.boxX1!, a.boxY1!, a.boxX2!, a.boxY2!] as [number, number, number, number])));
    const common = <T,>(values: T[]) => (values.every((v) => v === values[0]) ? (values[0] ?? null) : null);
    const rest = { instructionRewrite: common(answers.map((a) => a.instructionRewrite)), qualityScore: common(answers.map((a) => a.qualityScore)), note: `Consensus of ${answers.length} annotators` };
    if (boxes.every((b) => b === null)) return { targetAbsent: true, box: null, ...rest };
    if (boxes.some((b) => b === null)) return null;
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) if (iou(boxes[i]!, boxes[j]!) < 0.5) return null;
    const mean = [0, 1, 2, 3].map((k) => boxes.reduce((s, b) => s + b![k]!, 0) / boxes.length) as [number, number, number, number];
    return { targetAbsent: false, box: mean, ...rest };
  }
  const norm = (steps: unknown) => canonicalJson(((steps as { stepIndex: number; label: string }[]) ?? []).map((s) => ({ stepIndex: s.stepIndex, label: s.label })).sort((a, b) => a.stepIndex - b.stepIndex));
  const [first] = answers;
  const agree = answers.every((a) => a.traceVerdict === first!.traceVerdict && a.firstWrongStep === first!.firstWrongStep && norm(a.stepLabels) === norm(first!.stepLabels));
  if (!agree) return null;
  const steps = ((first!.stepLabels as { stepIndex: number; label: "correct" | "incorrect" | "unsure" }[]) ?? []).map((s) => ({ stepIndex: s.stepIndex, label: s.label })).sort((a, b) => a.stepIndex - b.stepIndex);
  return { traceVerdict: first!.traceVerdict as TrajectoryPayload["traceVerdict"], firstWrongStep: first!.firstWrongStep, steps, note: `Consensus of ${answers.length} annotators` };
}
