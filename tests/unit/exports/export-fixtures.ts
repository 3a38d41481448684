// Verified input rows shared by the export tests, and a temp dir helper.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";
import type { VerifiedSample } from "@/lib/exports/export-types";

export function sample(overrides: Partial<VerifiedSample> = {}): VerifiedSample {
  return {
    id: "s1",
    imagePath: "images/s1.png",
    image: { width: 1920, height: 1080 },
    instruction: "Open settings",
    instructionRewrite: null,
    targetAbsent: false,
    box: [96, 54, 192, 108],
    qualityScore: 8,
    source: "screenspot-pro",
    qualityTier: "gold",
    revisionIds: ["a1"],
    ...overrides,
  };
}

export async function withTempDir<T>(run: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "verity-exports-"));
  try {
    return await run(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function readJsonl(filePath: string): Promise<unknown[]> {
  const text = await readFile(filePath, "utf8");
  expect(text.endsWith("\n")).toBe(true);
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as unknown);
}
