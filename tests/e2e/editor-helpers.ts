// Drives the box editor with the mouse in image coordinates: the editor exposes its viewport
// (data-scale, data-offset-x/y) so a test can place the pointer on an exact image pixel.
import { expect, type Page } from "@playwright/test";
import Database from "better-sqlite3";

// Ready once the screenshot has loaded, which on a loaded machine (2 cores, load 12) took over
// 15 s for a 718x1280 one: wait on that state as long as a test may run, not a few seconds.
export async function editorReady(page: Page) {
  const editor = page.locator('[data-testid="box-editor"][data-ready="true"]');
  await expect(editor).toBeVisible({ timeout: 90_000 });
  return editor;
}

export async function toPage(page: Page, x: number, y: number) {
  const editor = page.getByTestId("box-editor");
  const scale = Number(await editor.getAttribute("data-scale"));
  const offsetX = Number(await editor.getAttribute("data-offset-x"));
  const offsetY = Number(await editor.getAttribute("data-offset-y"));
  const stage = (await page.getByTestId("box-editor-stage").boundingBox())!;
  return { x: stage.x + offsetX + x * scale, y: stage.y + offsetY + y * scale };
}

export async function dragImage(page: Page, from: [number, number], to: [number, number]) {
  const start = await toPage(page, ...from);
  const end = await toPage(page, ...to);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  // Several moves: the editor previews the gesture on each and commits on release.
  for (let i = 1; i <= 8; i++) await page.mouse.move(start.x + ((end.x - start.x) * i) / 8, start.y + ((end.y - start.y) * i) / 8);
  await page.mouse.up();
}

export async function boxInputs(page: Page) {
  const row = page.getByTestId("box-row").first();
  const read = async (name: string) => Number(await row.getByLabel(new RegExp(`${name}$`)).inputValue());
  return [await read("x1"), await read("y1"), await read("x2"), await read("y2")];
}

/** The reviewer's saved answer for a sample, read from the e2e database itself. */
export function savedAnswer(sampleId: string, email: string) {
  const file = process.env.DATABASE_URL!.replace(/^file:/, "");
  const sqlite = new Database(file, { readonly: true });
  try {
    return sqlite
      .prepare(
        `SELECT a.status, a.version, a.targetAbsent, a.boxX1, a.boxY1, a.boxX2, a.boxY2, a.instructionRewrite
         FROM Annotation a JOIN User u ON u.id = a.annotatorId WHERE a.sampleId = ? AND u.email = ? AND a.kind = 'label'`,
      )
      .get(sampleId, email) as
      | { status: string; version: number; targetAbsent: number; boxX1: number; boxY1: number; boxX2: number; boxY2: number; instructionRewrite: string | null }
      | undefined;
  } finally {
    sqlite.close();
  }
}
