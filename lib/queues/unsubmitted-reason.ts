// Why a claim's submit, made on the way to the queue's next item (the /next route), did not
// close the claim. The answer itself is saved before; what failed is the claim's count in the
// queue, and the next page says so (queue mode's strip, or the queues page when nothing is
// left). A code in the address, never the message: a link cannot make the page say anything else.
import type { AppError } from "@/lib/errors";
import type { MessageKey } from "@/lib/i18n/translate";

export const UNSUBMITTED_PARAM = "unsubmitted";

const REASONS = {
  "lease-lost": "queueMode.unsubmitted.leaseLost",
  ended: "queueMode.unsubmitted.ended",
  unanswered: "queueMode.unsubmitted.unanswered",
  "no-claim": "queueMode.unsubmitted.noClaim",
  refused: "queueMode.unsubmitted.refused",
} as const satisfies Record<string, MessageKey>;

export type UnsubmittedReason = keyof typeof REASONS;

// The checks of lib/queues/submittable-claim.ts and mark-claim-submitted.ts, by their message.
const BY_CHECK: Partial<Record<MessageKey, UnsubmittedReason>> = {
  "checks.leaseLost": "lease-lost",
  "checks.claimEnded": "ended",
  "messages.submitAnswerFirst": "unanswered",
  "messages.noSuchClaim": "no-claim",
  "messages.claimNotOnItem": "no-claim",
};

export function unsubmittedReason(error: AppError): UnsubmittedReason {
  return (error.said && BY_CHECK[error.said.key]) || "refused";
}

/** The reason a page's address gives, if it is one of ours. */
export function parseUnsubmittedReason(value: unknown): UnsubmittedReason | null {
  return typeof value === "string" && Object.hasOwn(REASONS, value) ? (value as UnsubmittedReason) : null;
}

export const unsubmittedMessage = (reason: UnsubmittedReason): (typeof REASONS)[UnsubmittedReason] => REASONS[reason];

/** `location` with the reason added to its query. */
export function withUnsubmitted(location: string, reason: UnsubmittedReason | null): string {
  if (!reason) return location;
  return `${location}${location.includes("?") ? "&" : "?"}${UNSUBMITTED_PARAM}=${reason}`;
}
