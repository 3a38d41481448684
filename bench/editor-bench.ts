// Editor responsiveness in a real Chromium against the production build (issue: box editor):
// frame times while dragging a box on a 3840x2160 screenshot (median, p95), and the time from
// "next sample" to the next screenshot painted in the editor. The raw limit beside them is the
// frame time of an empty requestAnimationFrame loop in the same browser.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";

export type EditorFigures = { dragMedianMs: number; dragP95Ms: number; rawFrameMs: number; nextSampleMs: number[] };

const root = path.resolve(import.meta.dirname, "..");
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function benchEditor(): Promise<EditorFigures> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "verity-bench-editor-"));
  const env = { ...process.env, VERITY_DATA_DIR: dataDir, DATABASE_URL: `file:${path.join(dataDir, "verity.db")}`, NEXT_TELEMETRY_DISABLED: "1" };
  const seeded = spawnSync("node", ["--conditions=react-server", "--import", "tsx", "bench/editor-seed.ts"], { cwd: root, env, stdio: "inherit" });
  if (seeded.status !== 0) throw new Error("seeding the editor benchmark failed");
  const seed = JSON.parse(readFileSync(path.join(dataDir, "bench-editor.json"), "utf8")) as { email: string; password: string; sampleIds: string[] };
  if (spawnSync(path.join(root, "node_modules/.bin/next"), ["build"], { cwd: root, env, stdio: "ignore" }).status !== 0) throw new Error("next build failed");
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn("node", ["node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"], { cwd: root, env: { ...env, NEXTAUTH_URL: base }, stdio: "ignore" });
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"] });
  try {
    for (let i = 0; i < 60; i++) {
      if (await fetch(`${base}/login`).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(`${base}/login`);
    await page.getByLabel("E-mail").fill(seed.email);
    await page.getByLabel("Password").fill(seed.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/projects/);
    await page.goto(`${base}/projects/bench4k/samples/${seed.sampleIds[0]}`);
    await page.locator('[data-testid="box-editor"][data-image-state="loaded"]').waitFor();

    // Scripts are strings: tsx would wrap function sources in helpers the page does not have.
    const rawFrameMs = (await page.evaluate(`new Promise((resolve) => {
      const times = [];
      const tick = (t) => { times.push(t); if (times.length < 61) requestAnimationFrame(tick); else resolve((times[60] - times[0]) / 60); };
      requestAnimationFrame(tick);
    })`)) as number;

    // Drag the seeded box across the screenshot while recording every frame's interval.
    const editor = page.getByTestId("box-editor");
    const stage = (await page.getByTestId("box-editor-stage").boundingBox())!;
    const at = async (x: number, y: number) => {
      const scale = Number(await editor.getAttribute("data-scale"));
      return { x: stage.x + Number(await editor.getAttribute("data-offset-x")) + x * scale, y: stage.y + Number(await editor.getAttribute("data-offset-y")) + y * scale };
    };
    await page.evaluate(`(() => {
      window.frames_ = []; window.recording_ = true;
      const tick = (t) => { window.frames_.push(t); if (window.recording_) requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
    })()`);
    const start = await at(1200, 950);
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    for (let i = 1; i <= 120; i++) await page.mouse.move(start.x + i * 3, start.y + Math.sin(i / 10) * 40);
    await page.mouse.up();
    const frames = (await page.evaluate(`(() => { window.recording_ = false; return window.frames_; })()`)) as number[];
    const intervals = frames.slice(1).map((t, i) => t - frames[i]!);

    // Next sample: from the key press to the next screenshot loaded in the editor.
    const nextSampleMs: number[] = [];
    for (let i = 1; i < seed.sampleIds.length; i++) {
      await page.locator("body").click({ position: { x: 5, y: 5 } });
      const started = Date.now();
      await page.keyboard.press("j");
      await page.waitForURL(new RegExp(seed.sampleIds[i]!));
      await page.locator('[data-testid="box-editor"][data-image-state="loaded"]').waitFor();
      nextSampleMs.push(Date.now() - started);
    }
    return { dragMedianMs: percentile(intervals, 0.5), dragP95Ms: percentile(intervals, 0.95), rawFrameMs, nextSampleMs };
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  }
}
