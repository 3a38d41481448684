// Seeds a data dir for the editor benchmark: the owner, the demo project, and ten samples on
// generated 3840x2160 screenshots, in list order, so "next sample" has somewhere to go.
import { writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { createDb } from "@/lib/db";
import { env } from "@/lib/env";
import { applyMigrations } from "@/lib/db/migrate";
import { ingestImage } from "@/lib/media/ingest";
import { createLocalMediaStore } from "@/lib/media/local-store";
import { ensureOwnerAndDemo } from "@/lib/setup/first-run";

async function main() {
  const { databaseUrl, dataDir, mediaDir } = env();
  applyMigrations(databaseUrl);
  const db = createDb(databaseUrl);
  const store = createLocalMediaStore(mediaDir);
  const owner = await ensureOwnerAndDemo(db, store, dataDir);
  const project = await db.project.create({ data: { slug: "bench4k", name: "Bench 4K", settings: {} } });
  const ownerRow = await db.user.findUniqueOrThrow({ where: { email: owner.email } });
  await db.membership.create({ data: { projectId: project.id, userId: ownerRow.id, role: "admin" } });
  const ids: string[] = [];
  for (let i = 0; i < 10; i++) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="3840" height="2160"><rect width="3840" height="2160" fill="hsl(${i * 36},40%,85%)"/>${Array.from({ length: 200 }, (_, k) => `<rect x="${(k % 20) * 190 + 10}" y="${Math.floor(k / 20) * 210 + 20}" width="170" height="180" rx="12" fill="hsl(${(k * 7 + i * 30) % 360},50%,60%)"/>`).join("")}</svg>`;
    const media = await ingestImage(db, store, project.id, await sharp(Buffer.from(svg)).png().toBuffer(), `4k-${i}.png`);
    const sample = await db.groundingSample.create({
      data: { projectId: project.id, mediaId: media.id, instruction: `Select tile ${i}`, sourceDataset: "bench", sourceId: `s${String(i).padStart(2, "0")}`, contentHash: `b${i}`, boxX1: 1000, boxY1: 800, boxX2: 1400, boxY2: 1100 },
    });
    ids.push(sample.id);
  }
  writeFileSync(path.join(dataDir, "bench-editor.json"), JSON.stringify({ email: owner.email, password: owner.password, sampleIds: ids.sort() }));
  await db.$disconnect();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
