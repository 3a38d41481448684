// The lifecycle of a work item (a grounding sample or a trajectory), and who may move it.
//
//   unreviewed ──annotator submits──▶ in_review ──reviewer submits──▶ verified
//        │                               │                              │  ▲
//        └──────queue answers disagree───┴──▶ awaiting_adjudication ────┘  │ reviewer edits:
//                                                   (adjudication)         │ a new revision
//   verified / rejected ──reviewer reopens──▶ reopened ──(as unreviewed)───┘
//   verified / rejected ──a re-import changes the inputs it was verified on──▶ source_changed
//                                            (as reopened, with both inputs shown side by side)
//
// A verified (or rejected) item has a pinned final answer: an immutable AnswerRevision. Only a
// reviewer's submit, an adjudication, a consensus of a queue's annotators, a reviewer's bulk
// decision or a reviewer accepting a proposal pins one; drafts never do. An annotator's submit
// on a settled item outside a queue becomes a proposal for a reviewer, and looks to the
// annotator exactly like any other submit (so a settled item, such as a honeypot, cannot be
// told apart by submitting to it).
import { z } from "zod";

export const ITEM_STATES = ["unreviewed", "in_review", "awaiting_adjudication", "verified", "rejected", "reopened", "source_changed"] as const;
export const ItemStateSchema = z.enum(ITEM_STATES);
export type ItemState = z.infer<typeof ItemStateSchema>;

export const ITEM_STATE_LABELS: Record<ItemState, string> = {
  unreviewed: "Unreviewed",
  in_review: "In review",
  awaiting_adjudication: "Awaiting adjudication",
  verified: "Verified",
  rejected: "Rejected",
  reopened: "Reopened",
  source_changed: "Changed at the source",
};

/** Items no one has answered since they were imported, reopened or changed at the source. */
export function isWaitingForReview(state: string): boolean {
  return state === "unreviewed" || state === "reopened" || state === "source_changed";
}

/** Settled items have a pinned final answer (verified: accepted; rejected: left out of the pools). */
export function isSettled(state: string): boolean {
  return state === "verified" || state === "rejected";
}

export type SubmitActor = "annotator" | "reviewer";
// The queue claim the submit is made under, if any (looked up by the server, never taken
// from the client: an annotator must not escape a honeypot by dropping the claim from a URL).
// isActive: the claim is still being worked (not yet submitted); a submitted claim means the
// person already gave their queue answer, so a later submit on a settled item is not queue work.
export type SubmitClaim = { overlap: number; isHoneypot: boolean; isActive?: boolean } | null;

export type SubmitOutcome =
  | "pin" // a reviewer's answer becomes the final answer (a new revision)
  | "in_review" // an annotator's answer waits for a reviewer
  | "queue_answer" // one of a queue item's N answers: the queue resolves it (consensus or adjudication)
  | "graded" // an answer to a honeypot: graded against the known answer, the item is untouched
  | "kept" // queue work on an item settled meanwhile: kept as the person's own answer, nothing else
  | "proposal"; // an annotator's answer to a settled item: a reviewer accepts or dismisses it

export function submitOutcome(state: ItemState, actor: SubmitActor, claim: SubmitClaim): SubmitOutcome {
  if (claim?.isHoneypot) return "graded";
  // Queue work: an answer of the N while the item is open; on an item settled meanwhile (by
  // consensus, adjudication or a reviewer) the open claim's answer is kept as the person's own.
  const isQueueWork = claim !== null && claim.isActive !== false;
  if (claim && claim.overlap >= 2) {
    if (!isSettled(state)) return "queue_answer";
    if (isQueueWork) return "kept";
  }
  if (actor === "reviewer") return "pin";
  // After their queue answer was submitted, a person's resubmit to a settled item is a proposal
  // for a reviewer, whoever settled it (a consensus-verified item included).
  if (isSettled(state)) return isQueueWork ? "kept" : "proposal";
  return "in_review";
}

/** The state after a submit with that outcome (a pin's own state comes from its decision). */
export function stateAfterSubmit(state: ItemState, outcome: SubmitOutcome): ItemState {
  switch (outcome) {
    case "pin":
      return "verified";
    case "in_review":
    case "queue_answer":
      return isWaitingForReview(state) ? "in_review" : state;
    case "graded":
    case "kept":
    case "proposal":
      return state;
  }
}

export const DECISIONS = ["accept", "reject"] as const;
export type Decision = (typeof DECISIONS)[number];
export const stateOfDecision = (decision: Decision): ItemState => (decision === "accept" ? "verified" : "rejected");

export const REVISION_SOURCES = ["review", "adjudication", "consensus", "bulk", "proposal", "import"] as const;
export type RevisionSource = (typeof REVISION_SOURCES)[number];

/** Only a settled item can be reopened; reopening clears its final answer (kept in its history). */
export function canReopen(state: string): boolean {
  return isSettled(state);
}

// The lists' review-status filter: a state, or all settled / all not yet settled items.
export const STATUS_FILTERS = [...ITEM_STATES, "settled", "unsettled"] as const;
export const STATUS_FILTER_OPTIONS: [string, string][] = [
  ...ITEM_STATES.map((s): [string, string] => [s, ITEM_STATE_LABELS[s]]),
  ["settled", "verified or rejected"],
  ["unsettled", "not settled yet"],
];
