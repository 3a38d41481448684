import "server-only";
// Unpacks an uploaded archive for the parsers, which read directories: its non-image entries
// (records, UI trees) entry by entry through the zip source's checks and within the disk
// budgets (lib/imports/staging-budget.ts), its screenshots only when asked (a format that finds
// them on disk), each once: a marker beside them says what is done, so the preview and then the
// job read one unpacking, and what the archive refused is kept for the job's report. The
// archive stays open, for its screenshots to be read in place.
import { lstat, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FileSource, OpenedSource, RejectedPath } from "@/lib/imports/sources/file-source";
import { openZipSource } from "@/lib/imports/sources/zip-source";
import { assertCanUnpack } from "@/lib/imports/staging-budget";

const IMAGE_FILE = /\.(png|jpe?g|webp|gif|bmp)$/i;
const MARKER = ".extracted.json";

export type UnpackOptions = { projectId?: string | null };

type Marker = { rejected: RejectedPath[]; images: boolean };

/** The folder an archive's content sits in once unwrapped: a lone top-level folder is descended into. */
function unwrapPrefix(paths: string[]): string {
  let prefix = "";
  for (;;) {
    const below = paths.filter((p) => p.startsWith(prefix)).map((p) => p.slice(prefix.length));
    const tops = new Set(below.map((p) => p.split("/")[0]!).filter((name) => !name.startsWith(".")));
    const [only] = [...tops];
    if (tops.size !== 1 || !below.some((p) => p.startsWith(`${only}/`))) return prefix;
    prefix = `${prefix}${only}/`;
  }
}

async function extractEntries(source: FileSource, into: string, paths: string[]): Promise<void> {
  for (const entry of paths) {
    const target = path.join(into, entry);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, await source.read(entry), { flag: "wx" });
  }
}

export type Unpacked = { root: string; rejected: RejectedPath[]; zip: { path: string; into: string; prefix: string; opened: OpenedSource } | null; images: boolean };

/**
 * Unpacks an archive's non-image entries into `into` once (the preview and then the job read
 * the same upload; what the archive refused is kept beside it for the job's report), and its
 * images too when `images` is asked for. The archive stays open for reading in place.
 */
export async function unpackZip(zipPath: string, into: string, options: UnpackOptions, images: boolean): Promise<Unpacked> {
  const archive = path.basename(zipPath);
  const opened = await openZipSource(zipPath);
  try {
    const files: { path: string; size: number }[] = [];
    for await (const file of opened.source.list()) files.push(file);
    const prefix = unwrapPrefix(files.map((f) => f.path));
    const markerFile = path.join(into, MARKER);
    const stored = JSON.parse((await readFile(markerFile, "utf8").catch(() => "null")) ?? "null") as Marker | RejectedPath[] | null;
    // A marker written before screenshots were read in place: everything was unpacked.
    let marker: Marker | null = Array.isArray(stored) ? { rejected: stored, images: true } : stored;
    if (!marker) {
      await rm(into, { recursive: true, force: true });
      await mkdir(into, { recursive: true });
      const records = files.filter((f) => !IMAGE_FILE.test(f.path));
      await assertCanUnpack(options.projectId ?? null, archive, records.reduce((n, f) => n + f.size, 0));
      await extractEntries(opened.source, into, records.map((f) => f.path));
      marker = { rejected: opened.rejected, images: false };
      await writeFile(markerFile, JSON.stringify(marker));
    }
    if (images && !marker.images) {
      const shots = files.filter((f) => IMAGE_FILE.test(f.path));
      await assertCanUnpack(options.projectId ?? null, archive, shots.reduce((n, f) => n + f.size, 0));
      // An attempt that stopped midway left some of them: write what is missing only.
      const missing = [];
      for (const shot of shots) if (!(await lstat(path.join(into, shot.path)).catch(() => null))) missing.push(shot.path);
      await extractEntries(opened.source, into, missing);
      marker = { ...marker, images: true };
      await writeFile(markerFile, JSON.stringify(marker));
    }
    const root = path.join(into, prefix);
    await mkdir(root, { recursive: true });
    // An archive holding one archive: that one is the upload.
    const inner = (await readdir(root, { withFileTypes: true })).filter((e) => !e.name.startsWith("."));
    if (inner.length === 1 && inner[0]!.isFile() && /\.zip$/i.test(inner[0]!.name) && files.length === 1) {
      await opened.source.close();
      const nested = await unpackZip(path.join(root, inner[0]!.name), path.join(root, ".unpacked"), options, images);
      return { ...nested, rejected: [...marker.rejected, ...nested.rejected] };
    }
    return { root, rejected: marker.rejected, zip: { path: zipPath, into, prefix, opened }, images: marker.images };
  } catch (error) {
    await opened.source.close();
    throw error;
  }
}

