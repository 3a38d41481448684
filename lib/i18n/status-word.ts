// A stored status (a queue's, a claim's, an item's, a job's) as a word of the catalogue, for
// the refusals that name it ("This queue is closed."): the word is chosen in the reader's
// language with the sentence. A status this table does not know stays as stored, visibly.
import type { PlainKey, Word } from "@/lib/i18n/translate";

const STATUS_WORDS: Record<string, PlainKey> = {
  active: "checks.status.active",
  paused: "checks.status.paused",
  closed: "checks.status.closed",
  archived: "checks.status.archived",
  submitted: "checks.status.submitted",
  released: "checks.status.released",
  expired: "checks.status.expired",
  open: "checks.status.open",
  full: "checks.status.full",
  adjudication: "checks.status.adjudication",
  verified: "checks.status.verified",
  queued: "checks.status.queued",
  running: "checks.status.running",
};

export function statusWord(status: string): Word | string {
  const word = STATUS_WORDS[status];
  return word ? { word } : status;
}
