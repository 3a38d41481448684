// Builds zips for the source tests with yazl, and edits their bytes to make the archives
// yazl refuses to write (zip-slip names, lying sizes). yazl ships no types and none may be
// installed here, so the few calls used are typed locally and loaded with require.
import { createRequire } from "node:module";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

type YazlOptions = { mode?: number; compress?: boolean; forceZip64Format?: boolean };
type YazlZipFile = {
  outputStream: NodeJS.ReadableStream;
  addBuffer(data: Buffer, name: string, options?: YazlOptions): void;
  addEmptyDirectory(name: string): void;
  end(): void;
};
const yazl = createRequire(import.meta.url)("yazl") as { ZipFile: new () => YazlZipFile };

export type ZipEntrySpec = { name: string; data?: Buffer | string; directory?: boolean } & YazlOptions;

const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const ZIP64_EXTRA = 0x0001;

const tempDirs: string[] = [];

export async function makeTempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `verity-${prefix}-`));
  tempDirs.push(dir);
  return dir;
}

export async function removeTempDirs(): Promise<void> {
  for (const dir of tempDirs.splice(0)) await rm(dir, { recursive: true, force: true });
}

export async function buildZip(entries: ZipEntrySpec[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const { name, data, directory, ...options } of entries) {
    if (directory) zip.addEmptyDirectory(name);
    else zip.addBuffer(Buffer.from(data ?? ""), name, options);
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function writeZip(dir: string, name: string, zip: Buffer): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, zip);
  return file;
}

/** Renames an entry in place (local header and central directory): `to` may be any name
 * yazl refuses to write, as long as it has as many bytes as `from`. */
export function renameEntry(zip: Buffer, from: string, to: string): Buffer {
  const fromBytes = Buffer.from(from);
  const toBytes = Buffer.from(to);
  if (fromBytes.length !== toBytes.length) throw new Error(`rename ${from} -> ${to}: lengths differ`);
  const out = Buffer.from(zip);
  let replaced = 0;
  for (let at = out.indexOf(fromBytes); at !== -1; at = out.indexOf(fromBytes, at + 1)) {
    toBytes.copy(out, at);
    replaced += 1;
  }
  if (replaced !== 2) throw new Error(`rename ${from}: found ${replaced} times, expected 2`);
  return out;
}

/** Rewrites the uncompressed size an entry declares, in the central directory (zip64 extra
 * field when the entry has one) and in its local header, leaving the data as it was. */
export function setDeclaredSize(zip: Buffer, name: string, size: number): Buffer {
  const out = Buffer.from(zip);
  const header = findCentralHeader(out, name);
  const nameLength = out.readUInt16LE(header + 28);
  let localOffset = out.readUInt32LE(header + 42);
  if (out.readUInt32LE(header + 24) === 0xffffffff) {
    const zip64 = findExtraField(out, header + 46 + nameLength, out.readUInt16LE(header + 30), ZIP64_EXTRA);
    out.writeBigUInt64LE(BigInt(size), zip64);
    localOffset = Number(out.readBigUInt64LE(zip64 + 16));
  } else {
    out.writeUInt32LE(size, header + 24);
  }
  if (out.readUInt32LE(localOffset) !== LOCAL_SIGNATURE) throw new Error("local header not found");
  out.writeUInt32LE(Math.min(size, 0xffffffff), localOffset + 22);
  return out;
}

function findCentralHeader(zip: Buffer, name: string): number {
  const nameBytes = Buffer.from(name);
  for (let at = 0; at + 46 <= zip.length; at += 1) {
    if (zip.readUInt32LE(at) !== CENTRAL_SIGNATURE) continue;
    const nameLength = zip.readUInt16LE(at + 28);
    if (zip.subarray(at + 46, at + 46 + nameLength).equals(nameBytes)) return at;
  }
  throw new Error(`no central directory header for ${name}`);
}

/** Offset of the data of extra field `id` within [start, start + length). */
function findExtraField(zip: Buffer, start: number, length: number, id: number): number {
  for (let at = start; at + 4 <= start + length; at += 4 + zip.readUInt16LE(at + 2)) {
    if (zip.readUInt16LE(at) === id) return at + 4;
  }
  throw new Error(`no extra field ${id}`);
}
