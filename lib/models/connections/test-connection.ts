import "server-only";
// "Test connection": one small request, as a run would send it, with a generated 224x224
// screenshot holding one blue square, asking for it with the grounding preset of the
// connection's coordinate convention. The admin sees how long it took, what came back and what
// Verity read from it (and whether that point is on the square), which is the whole chain a run
// depends on: address, key, model name, image limits, convention, parser. The outcome is kept on
// the connection (last test) and never holds the key.
import sharp from "sharp";
import type { Db } from "@/lib/db";
import type { ConventionId } from "@/lib/exports/conventions/coordinate-conventions";
import { sendChat, type ChatErrorKind } from "@/lib/models/connections/chat-client";
import { endpointOf } from "@/lib/models/connections/connections";
import { modelImage } from "@/lib/models/connections/model-image";
import { effectiveLimits, groundingPromptValues } from "@/lib/models/templates/grounding-values";
import type { ParsedReply } from "@/lib/models/templates/parsed-reply";
import { parseReply } from "@/lib/models/templates/parse-reply";
import { findPreset } from "@/lib/models/templates/presets";
import type { PromptTemplate } from "@/lib/models/templates/prompt-template";
import { renderPrompt } from "@/lib/models/templates/render-prompt";

export const TEST_IMAGE = { width: 224, height: 224 } as const;
/** The blue square on the test image, in its pixels. */
export const TEST_TARGET = { x1: 140, y1: 28, x2: 196, y2: 84 } as const;
export const TEST_INSTRUCTION = "Click the blue square.";

const PRESET_BY_CONVENTION: Record<ConventionId, string | null> = {
  rel1000: "ui-venus-1.5-grounding",
  "qwen25-abs": "qwen2.5-vl-computer-use-grounding",
  norm1: null, // no preset answers in 0-1; the test then asks in plain words and parses nothing
};

const PLAIN_QUESTION: PromptTemplate = {
  id: "verity-connection-test", version: 1, task: "grounding", name: "Connection test", parser: "verdict",
  user: "What colour is the square in this image? Answer in one word.", images: "screenshot", imagePlacement: "before_text",
  convention: null, source: "Verity's own words",
};

export async function testImageBytes(): Promise<Buffer> {
  const { width, height } = TEST_IMAGE;
  const { x1, y1, x2, y2 } = TEST_TARGET;
  const square = await sharp({ create: { width: x2 - x1, height: y2 - y1, channels: 3, background: { r: 37, g: 99, b: 235 } } }).png().toBuffer();
  return sharp({ create: { width, height, channels: 3, background: { r: 255, g: 255, b: 255 } } })
    .composite([{ input: square, left: x1, top: y1 }])
    .png()
    .toBuffer();
}

export type ConnectionTestResult = {
  ok: boolean;
  latencyMs: number;
  templateId: string | null;
  reply: string | null;
  parsed: ParsedReply | null;
  onTarget: boolean | null;
  error: { kind: ChatErrorKind; message: string } | null;
  usage: { promptTokens: number; completionTokens: number } | null;
  imageSent: { width: number; height: number };
};

const MAX_SHOWN_REPLY = 2000;

function summary(result: ConnectionTestResult): string {
  if (result.error) return `${result.error.kind}: ${result.error.message}`.slice(0, 500);
  const parsed = result.parsed;
  if (!parsed) return `answered: ${(result.reply ?? "").slice(0, 200)}`;
  if (parsed.kind === "point") return `answered (${parsed.x.toFixed(1)}, ${parsed.y.toFixed(1)}), ${result.onTarget ? "on" : "off"} the test target`;
  if (parsed.kind === "wrong_format" || parsed.kind === "outside_image") return `answered, but ${parsed.problem}`.slice(0, 500);
  return `answered: ${parsed.kind}`;
}

export async function testConnection(db: Db, projectId: string, connectionId: string): Promise<ConnectionTestResult> {
  const endpoint = await endpointOf(db, projectId, connectionId);
  const presetId = PRESET_BY_CONVENTION[endpoint.convention];
  const template = (presetId && findPreset(presetId)) || PLAIN_QUESTION;
  const limits = effectiveLimits(template, endpoint);
  const image = await modelImage(await testImageBytes(), TEST_IMAGE, { convention: endpoint.convention, minPixels: limits.minPixels ?? null, maxPixels: limits.maxPixels ?? null });
  const values = template === PLAIN_QUESTION ? {} : groundingPromptValues(template, TEST_INSTRUCTION, TEST_IMAGE, limits);
  const { messages } = renderPrompt(template, { values, images: [image.dataUrl] });
  const answer = await sendChat(endpoint, messages, { temperature: 0, maxTokens: 512 });
  const base = { templateId: template === PLAIN_QUESTION ? null : template.id, imageSent: { width: image.width, height: image.height }, latencyMs: answer.latencyMs };
  let result: ConnectionTestResult;
  if (!answer.ok) {
    result = { ...base, ok: false, reply: null, parsed: null, onTarget: null, error: { kind: answer.kind, message: answer.message }, usage: null };
  } else {
    const parsed = template === PLAIN_QUESTION ? null : parseReply(template.parser, answer.text, { convention: endpoint.convention, image: TEST_IMAGE, ...limits });
    const onTarget = parsed?.kind === "point" ? parsed.x >= TEST_TARGET.x1 && parsed.x <= TEST_TARGET.x2 && parsed.y >= TEST_TARGET.y1 && parsed.y <= TEST_TARGET.y2 : null;
    result = { ...base, ok: true, reply: answer.text.slice(0, MAX_SHOWN_REPLY), parsed, onTarget, error: null, usage: answer.usage };
  }
  await db.modelConnection.update({
    where: { id: connectionId },
    data: { lastTestAt: new Date(), lastTestOk: result.ok, lastTestLatencyMs: result.latencyMs, lastTestMessage: summary(result) },
  });
  return result;
}
