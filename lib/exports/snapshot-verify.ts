import "server-only";
// `verity pool verify <snapshot-dir>`: is this snapshot, wherever it now is, the one that was
// written, and can a trainer open every screenshot its rows name? Checked from the directory
// given, never from where Verity wrote it:
//   1. manifest.json parses, and every file it lists is here with its size and sha256;
//   2. every image a row names exists and its bytes hash to the sha256 its name carries
//      (images/<sha256>.<ext>): a relative path from this directory (copy mode: the README
//      hands the snapshot directory to the framework as its image directory), an absolute path
//      as written (absolute mode: the rows name the directory the snapshot was written to, so a
//      copied or moved snapshot still reads, or no longer finds, the original's files);
//      embedded bytes whose name carries a sha256 (Hugging Face datasets) hash to it.
// The report names each problem's file and the first rows that name it; nothing is repaired.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { MANIFEST_FILE, SnapshotManifestSchema, type SnapshotManifest } from "@/lib/exports/snapshot-manifest";
import { isDataFile, rowImageRefs } from "@/lib/exports/snapshot-row-images";

export type SnapshotProblem = { file: string; problem: "missing" | "changed" | "hash_differs" | "unreadable"; detail: string; rows: { dataFile: string; rowId: string }[]; rowCount: number };

export type SnapshotVerifyReport = {
  dir: string;
  manifest: SnapshotManifest | null;
  filesChecked: number;
  rowsChecked: number;
  imagesChecked: number;
  // Images the rows name outside this directory (absolute mode): where they were found.
  outside: { count: number; roots: string[] };
  problems: SnapshotProblem[];
};

const SHOWN_ROWS = 3;
const SHA_NAME = /^([0-9a-f]{64})\.[A-Za-z0-9]+$/;

async function sha256Of(file: string): Promise<{ sha256: string; bytes: number } | null> {
  try {
    const hash = createHash("sha256");
    let bytes = 0;
    for await (const chunk of createReadStream(file)) {
      hash.update(chunk as Buffer);
      bytes += (chunk as Buffer).length;
    }
    return { sha256: hash.digest("hex"), bytes };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

const inside = (dir: string, file: string) => {
  const rel = path.relative(dir, file);
  return rel !== "" && !rel.startsWith("..") && !path.isAbsolute(rel);
};

export async function verifySnapshotDir(snapshotDir: string): Promise<SnapshotVerifyReport> {
  const dir = path.resolve(snapshotDir);
  const report: SnapshotVerifyReport = { dir, manifest: null, filesChecked: 0, rowsChecked: 0, imagesChecked: 0, outside: { count: 0, roots: [] }, problems: [] };
  let raw: string;
  try {
    raw = await readFile(path.join(dir, MANIFEST_FILE), "utf8");
  } catch {
    report.problems.push({ file: MANIFEST_FILE, problem: "missing", detail: `no ${MANIFEST_FILE} in ${dir}: not a complete snapshot`, rows: [], rowCount: 0 });
    return report;
  }
  const parsed = SnapshotManifestSchema.safeParse(JSON.parse(raw));
  if (!parsed.success) {
    report.problems.push({ file: MANIFEST_FILE, problem: "unreadable", detail: `${MANIFEST_FILE} is not a snapshot manifest: ${parsed.error.issues[0]?.message ?? "invalid"}`, rows: [], rowCount: 0 });
    return report;
  }
  const manifest = parsed.data;
  report.manifest = manifest;

  // One check per distinct image file, however many rows name it; the rows are kept for the
  // report. A file of this snapshot that fails against the manifest is that file's one problem.
  const checked = new Map<string, SnapshotProblem | null>();
  for (const listed of manifest.files) {
    const file = path.join(dir, ...listed.name.split("/"));
    const actual = await sha256Of(file);
    report.filesChecked += 1;
    let problem: SnapshotProblem | null = null;
    if (!actual) problem = { file: listed.name, problem: "missing", detail: "listed in manifest.json, not in the directory", rows: [], rowCount: 0 };
    else if (actual.sha256 !== listed.sha256 || actual.bytes !== listed.bytes) problem = { file: listed.name, problem: "changed", detail: `sha256 ${actual.sha256}, manifest.json says ${listed.sha256}`, rows: [], rowCount: 0 };
    // Checked once: the rows that name this file are not hashed again.
    checked.set(file, problem);
    if (problem) report.problems.push(problem);
  }

  const roots = new Set<string>();
  const counted = new Set<string>();
  for (const listed of manifest.files.filter((f) => isDataFile(f.name))) {
    const rowsSeen = new Set<string>();
    for await (const ref of rowImageRefs(listed.name, path.join(dir, listed.name))) {
      rowsSeen.add(ref.rowId);
      const row = { dataFile: ref.dataFile, rowId: ref.rowId };
      if ("bytes" in ref) {
        const expected = ref.name ? SHA_NAME.exec(path.basename(ref.name))?.[1] : undefined;
        report.imagesChecked += 1;
        if (expected && createHash("sha256").update(ref.bytes).digest("hex") !== expected) {
          report.problems.push({ file: ref.name!, problem: "hash_differs", detail: "the embedded bytes do not hash to the sha256 their name carries", rows: [row], rowCount: 1 });
        }
        continue;
      }
      const file = path.isAbsolute(ref.path) ? ref.path : path.join(dir, ref.path);
      if (!inside(dir, file)) {
        report.outside.count += 1;
        roots.add(path.dirname(path.dirname(file)));
      }
      if (!counted.has(file)) {
        counted.add(file);
        report.imagesChecked += 1;
        if (!checked.has(file)) {
          const expected = SHA_NAME.exec(path.basename(file))?.[1];
          const actual = await sha256Of(file);
          const problem: SnapshotProblem | null = !actual
            ? { file, problem: "missing", detail: "no such file", rows: [], rowCount: 0 }
            : expected && actual.sha256 !== expected
              ? { file, problem: "hash_differs", detail: `sha256 ${actual.sha256}, its name says ${expected}`, rows: [], rowCount: 0 }
              : null;
          checked.set(file, problem);
          if (problem) report.problems.push(problem);
        }
      }
      const problem = checked.get(file);
      if (problem) {
        problem.rowCount += 1;
        if (problem.rows.length < SHOWN_ROWS) problem.rows.push(row);
      }
    }
    report.rowsChecked += rowsSeen.size;
  }
  report.outside.roots = [...roots].sort();
  return report;
}

/** The report as the CLI prints it: one line per problem, naming the file and its first rows. */
export function snapshotVerifyText(report: SnapshotVerifyReport): string {
  const lines = [`Snapshot ${report.manifest?.snapshotId ?? "?"} at ${report.dir}: ${report.filesChecked} files against manifest.json, ${report.imagesChecked} images named by ${report.rowsChecked} rows.`];
  if (report.outside.count > 0) {
    lines.push(`${report.outside.count} image references point outside this directory, to ${report.outside.roots.join(", ")} (absolute image paths name the directory the snapshot was written to; a copy or move of it still reads those files).`);
  }
  for (const p of report.problems) {
    const rows = p.rows.map((r) => `row ${r.rowId} of ${r.dataFile}`).join(", ");
    const more = p.rowCount > p.rows.length ? ` and ${p.rowCount - p.rows.length} more rows` : "";
    lines.push(`${p.problem.toUpperCase().replace("_", " ")} ${p.file}: ${p.detail}${rows ? ` (named by ${rows}${more})` : ""}`);
  }
  lines.push(report.problems.length === 0 ? "OK: every file matches manifest.json and every image a row names exists with its sha256." : `${report.problems.length} problems.`);
  return lines.join("\n");
}
