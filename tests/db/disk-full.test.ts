// A full disk while media is written: a real small tmpfs is filled, then an image that does
// not fit is ingested. The caller gets a clear error, no half file is left under any name,
// no Media row points at missing bytes, and once space is back the same image goes in.
// Mounting needs root (CI runs as root); elsewhere the test is skipped and says why.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statfsSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { ingestImage } from "@/lib/media/ingest";
import { createLocalMediaStore } from "@/lib/media/local-store";

const mountPoint = mkdtempSync(path.join(os.tmpdir(), "verity-full-"));
let mounted = false;
let whyNot = "";

beforeAll(() => {
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=512k", "tmpfs", mountPoint], { stdio: "pipe" });
    mounted = true;
  } catch (error) {
    whyNot = `cannot mount a tmpfs here (${(error as Error).message.split("\n")[0]}); run as root to test a full disk`;
  }
});
afterAll(() => {
  if (mounted) execFileSync("umount", [mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

// Random pixels do not compress: about width*height*3 bytes of PNG.
const noisyPng = (side: number) =>
  sharp(Buffer.from(Array.from({ length: side * side * 3 }, () => Math.floor(Math.random() * 256))), { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();

describe.each(PROVIDERS)("media on a full disk (%s)", (provider) => {
  it("refuses with a clear error, leaves no half file and no row, and works again once space is back", async (context) => {
    if (!mounted) context.skip(whyNot);
    const { db } = await freshDatabase(provider);
    const project = await db.project.create({ data: { slug: "full", name: "Full", settings: {} } });
    const root = path.join(mountPoint, provider);
    const store = createLocalMediaStore(root);

    // Fill the disk up to ~100 KB of free space.
    const filler = path.join(mountPoint, `filler-${provider}`);
    const free = () => {
      const s = statfsSync(mountPoint);
      return s.bavail * s.bsize;
    };
    writeFileSync(filler, Buffer.alloc(Math.max(0, free() - 100 * 1024)));
    const image = await noisyPng(300); // ~270 KB
    expect(image.length).toBeGreaterThan(free());

    await expect(ingestImage(db, store, project.id, image)).rejects.toThrow(/disk is full/);
    expect(filesUnder(root)).toEqual([]);
    expect(await db.media.count()).toBe(0);

    rmSync(filler);
    const stored = await ingestImage(db, store, project.id, image);
    expect(stored.isNew).toBe(true);
    expect(filesUnder(root)).toHaveLength(1);
    rmSync(root, { recursive: true, force: true });
  });
});
