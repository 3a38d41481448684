// Helpers for the grounding-parser tests: the public fixtures are read in place (never copied
// into the project; their tests use describePublic), synthetic inputs go to a temp directory
// removed after each file's tests.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import type { ParsedItem, ParserInput, PredictionRecord, Rejection, RunRecord, SampleRecord } from "@/lib/imports/records";
import { PUBLIC_FIXTURES } from "../../../support/public-fixtures";

export const FIXTURES = PUBLIC_FIXTURES;

export function fixture(file: string, model?: string): ParserInput {
  return { root: FIXTURES, file, model };
}

const tempDirs: string[] = [];
afterAll(async () => {
  await Promise.all(tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Writes `content` (a string, or a value written as pretty JSON) to a fresh temp dir. */
export async function tempFile(name: string, content: unknown, model?: string): Promise<ParserInput> {
  const root = await mkdtemp(path.join(os.tmpdir(), "verity-grounding-"));
  tempDirs.push(root);
  await writeFile(path.join(root, name), typeof content === "string" ? content : JSON.stringify(content, null, 2));
  return { root, file: name, model };
}

export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

export const samplesOf = (items: ParsedItem[]) => items.filter((i): i is SampleRecord => i.type === "sample");
export const predictionsOf = (items: ParsedItem[]) => items.filter((i): i is PredictionRecord => i.type === "prediction");
export const rejectionsOf = (items: ParsedItem[]) => items.filter((i): i is Rejection => i.type === "rejected");
export const runsOf = (items: ParsedItem[]) => items.filter((i): i is RunRecord => i.type === "run");

/** The grounding results parser always embeds the full sample; this narrows the union for tests. */
export function fullSample(record: PredictionRecord | undefined): SampleRecord {
  if (record?.sample.type !== "sample") throw new Error("expected an embedded sample");
  return record.sample;
}
