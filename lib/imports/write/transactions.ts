import "server-only";
// How import writes use transactions, so that a batch can never outlive its transaction on a
// slow, loaded machine (a 1,000-record interactive transaction under Prisma's default 5 s
// timeout did, on 2 busy cores):
//   - interactive transactions hold at most TRANSACTION_ROWS rows' worth of statements, and
//     get a timeout far above what that many statements take even when the machine crawls;
//   - a write that fails anyway (an expired transaction, SQLITE_BUSY, a dropped connection)
//     is retried with a pause, then split in halves, down to the single record, which is then
//     rejected with the database's message: a bad batch costs its records, never the import.
// Every write is keyed by source identity, so running a write again after a failure that
// committed part of it changes nothing twice; the report is restored to its state before the
// attempt (checkpoint) so nothing is counted twice either.
import { checkpoint, reject, type FormatReport } from "@/lib/imports/write/report";
import type { SourceLocation } from "@/lib/imports/records";

export const TRANSACTION_ROWS = 200;
export const IMPORT_TRANSACTION = { maxWait: 30_000, timeout: 120_000 } as const;

const RETRY_PAUSES_MS = [250, 1_000, 4_000];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function chunks<T>(items: T[], size = TRANSACTION_ROWS): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // Prisma's messages open with the whole invocation; the last line says what went wrong.
  return text.trim().split("\n").filter(Boolean).at(-1)?.slice(0, 500) ?? "unknown error";
}

export type RetryOptions<T> = {
  report: FormatReport;
  locationOf: (item: T) => SourceLocation;
  /** Pauses between whole-batch attempts; tests pass [] to split at once. */
  pauses?: number[];
};

/** Runs `write(items)`; on failure retries, then splits, and rejects only the records that
 * fail on their own. */
export async function writeWithRetry<T>(items: T[], write: (items: T[]) => Promise<void>, options: RetryOptions<T>): Promise<void> {
  if (items.length === 0) return;
  const pauses = options.pauses ?? RETRY_PAUSES_MS;
  let lastError: unknown = null;
  for (let attempt = 0; attempt <= pauses.length; attempt++) {
    const restore = checkpoint(options.report);
    try {
      await write(items);
      return;
    } catch (error) {
      restore();
      lastError = error;
      if (attempt < pauses.length) await sleep(pauses[attempt]!);
    }
  }
  await splitAndWrite(items, write, options, lastError);
}

async function splitAndWrite<T>(items: T[], write: (items: T[]) => Promise<void>, options: RetryOptions<T>, error: unknown): Promise<void> {
  if (items.length === 1) {
    reject(options.report, options.locationOf(items[0]!), `could not be written after ${1 + (options.pauses ?? RETRY_PAUSES_MS).length} attempts: ${messageOf(error)}`);
    return;
  }
  const middle = Math.ceil(items.length / 2);
  for (const half of [items.slice(0, middle), items.slice(middle)]) {
    const restore = checkpoint(options.report);
    try {
      await write(half);
    } catch (halfError) {
      restore();
      await splitAndWrite(half, write, options, halfError);
    }
  }
}
