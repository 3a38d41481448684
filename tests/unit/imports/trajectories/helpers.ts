// Shared by the trajectory-parser tests: real fixtures are read in place from
// ../shared/fixtures (never copied into the project); synthetic inputs go to os.tmpdir().
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ParsedItem, Rejection, RunRecord, TrajectoryRecord } from "@/lib/imports/records";

export const fixture = (...parts: string[]) => path.resolve("../shared/fixtures", ...parts);

export async function collect(items: AsyncGenerator<ParsedItem>): Promise<ParsedItem[]> {
  const all: ParsedItem[] = [];
  for await (const item of items) all.push(item);
  return all;
}

export const trajectories = (items: ParsedItem[]) => items.filter((i): i is TrajectoryRecord => i.type === "trajectory");
export const runs = (items: ParsedItem[]) => items.filter((i): i is RunRecord => i.type === "run");
export const rejections = (items: ParsedItem[]) => items.filter((i): i is Rejection => i.type === "rejected");

/** Writes `files` (path relative to the new directory -> content) under a fresh temp dir. */
export async function tempTree(files: Record<string, string | Buffer>): Promise<string> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), "verity-trajectories-"));
  for (const [rel, content] of Object.entries(files)) {
    const abs = path.join(root, rel);
    await fs.mkdir(path.dirname(abs), { recursive: true });
    await fs.writeFile(abs, content);
  }
  return root;
}

export async function removeTree(root: string): Promise<void> {
  await fs.rm(root, { recursive: true, force: true });
}

export async function exists(abs: string): Promise<boolean> {
  return fs.stat(abs).then((s) => s.isFile(), () => false);
}

/** A 1x1 PNG, enough for "the screenshot file exists". */
export const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
  "hex",
);
