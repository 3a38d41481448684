import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { ingestImage } from "@/lib/media/ingest";
import { createLocalMediaStore } from "@/lib/media/local-store";
import { thumbnailBytes, THUMBNAIL_WIDTH } from "@/lib/media/thumbnail";

const mediaRoot = mkdtempSync(path.join(os.tmpdir(), "verity-media-"));
afterAll(() => rmSync(mediaRoot, { recursive: true, force: true }));

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#3366cc" } }).png().toBuffer();

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

describe.each(PROVIDERS)("media ingest on %s", (provider) => {
  it("stores a PNG once by content, with its size and type, and returns the same row for the same bytes", async () => {
    const { db } = await freshDatabase(provider);
    const project = await db.project.create({ data: { slug: "m", name: "M", settings: {} } });
    const store = createLocalMediaStore(path.join(mediaRoot, provider, "a"));
    const bytes = await png(640, 360);
    const first = await ingestImage(db, store, project.id, bytes);
    const second = await ingestImage(db, store, project.id, bytes);
    expect(second.id).toBe(first.id);
    expect(first).toMatchObject({ mime: "image/png", width: 640, height: 360 });
    expect(await db.media.count()).toBe(1);
    const files = filesUnder(path.join(mediaRoot, provider, "a"));
    expect(files).toHaveLength(1);
    expect(readFileSync(files[0]!).equals(bytes)).toBe(true);
  });

  it("refuses an SVG and an HTML page disguised as PNG, storing nothing", async () => {
    const { db } = await freshDatabase(provider);
    const project = await db.project.create({ data: { slug: "m", name: "M", settings: {} } });
    const root = path.join(mediaRoot, provider, "b");
    const store = createLocalMediaStore(root);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await expect(ingestImage(db, store, project.id, svg, "evil.png")).rejects.toThrow(/evil\.png: not a PNG, JPEG or WebP/);
    const html = Buffer.from("<!doctype html><script>alert(1)</script>");
    await expect(ingestImage(db, store, project.id, html, "page.png")).rejects.toThrow(/not a PNG/);
    expect(await db.media.count()).toBe(0);
    expect(filesUnder(root).length).toBe(0);
  });

  it("refuses a truncated PNG with a message naming the file", async () => {
    const { db } = await freshDatabase(provider);
    const project = await db.project.create({ data: { slug: "m", name: "M", settings: {} } });
    const store = createLocalMediaStore(path.join(mediaRoot, provider, "c"));
    const truncated = (await png(100, 100)).subarray(0, 40);
    await expect(ingestImage(db, store, project.id, truncated, "shot_7.png")).rejects.toThrow(/shot_7\.png: the image is corrupt/);
    expect(await db.media.count()).toBe(0);
  });

  it("renders a WebP thumbnail of the list width once and reuses it", async () => {
    const { db } = await freshDatabase(provider);
    const project = await db.project.create({ data: { slug: "m", name: "M", settings: {} } });
    const store = createLocalMediaStore(path.join(mediaRoot, provider, "d"));
    const media = await ingestImage(db, store, project.id, await png(3840, 2160));
    const row = await db.media.findUniqueOrThrow({ where: { id: media.id } });
    const thumb = await thumbnailBytes(store, row);
    const meta = await sharp(thumb).metadata();
    expect(meta).toMatchObject({ format: "webp", width: THUMBNAIL_WIDTH, height: 180 });
    expect((await thumbnailBytes(store, row)).equals(thumb)).toBe(true);
  });
});
