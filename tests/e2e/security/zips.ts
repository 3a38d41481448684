// Zips for the import attacks, written byte by byte so that a bomb of 2,000 entries of 1 MiB
// of zeros costs one deflate, not two thousand; and ordinary zips through yazl.
import { createRequire } from "node:module";
import path from "node:path";
import { crc32, deflateRawSync } from "node:zlib";

type YazlZipFile = { outputStream: NodeJS.ReadableStream; addBuffer(data: Buffer, name: string, options?: { compress?: boolean }): void; end(): void };
const yazl = createRequire(path.resolve("package.json"))("yazl") as { ZipFile: new () => YazlZipFile };

/** `count` deflated entries `bomb/<i>.jsonl`, each `size` bytes of zeros once inflated. */
export function manySmallEntriesBomb(count: number, size: number): Buffer {
  const plain = Buffer.alloc(size, 0);
  const data = deflateRawSync(plain, { level: 9 });
  const crc = crc32(plain) >>> 0;
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (let i = 0; i < count; i++) {
    const name = Buffer.from(`bomb/${i}.jsonl`);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export async function zipOf(entries: { name: string; data: Buffer | string; compress?: boolean }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) zip.addBuffer(Buffer.from(entry.data), entry.name, { compress: entry.compress ?? true });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
