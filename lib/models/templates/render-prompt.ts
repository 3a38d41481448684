// A template and its values as OpenAI chat messages, the shape vLLM and every other
// OpenAI-compatible server takes. Placeholders are Python str.format's named fields (the
// originals are Python format strings): `{name}` is filled, `{{`/`}}` are literal braces.
// A placeholder without a value, a value no placeholder takes, a blank value and a stray
// brace are all errors naming the placeholder: a prompt sent with a hole in it would still
// get an answer, and the answer would be scored as if the question had been asked.
// Values are inserted once and never re-read, so braces in an instruction stay text.
// Pure.
import { AppError } from "@/lib/errors";
import type { PromptTemplate } from "@/lib/models/templates/prompt-template";

export type TextPart = { type: "text"; text: string };
export type ImagePart = { type: "image_url"; image_url: { url: string } };
export type ChatMessage = { role: "system"; content: string } | { role: "user"; content: (TextPart | ImagePart)[] };
export type RenderedPrompt = { messages: ChatMessage[] };

export type PromptVars = {
  values: Readonly<Record<string, string>>;
  /** data: URLs, in the order the template's images go (one for screenshot/final_keyframe). */
  images: readonly string[];
};

// WebJudge keeps at most 50 key screenshots (MAX_IMAGE in its judge); more would not fit a
// judge's context anyway.
export const MAX_KEY_SCREENSHOTS = 50;

type Segment = { literal: string } | { name: string };

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function segments(text: string, templateId: string): Segment[] {
  const out: Segment[] = [];
  let literal = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if ((c === "{" && next === "{") || (c === "}" && next === "}")) {
      literal += c;
      i += 2;
    } else if (c === "{") {
      const end = text.indexOf("}", i + 1);
      const name = end < 0 ? text.slice(i + 1, i + 21) : text.slice(i + 1, end);
      if (end < 0 || !NAME.test(name)) throw new AppError("invalid_input", `template ${templateId}: malformed placeholder {${name}} at ${i} (write {{ and }} for literal braces)`);
      if (literal) out.push({ literal });
      literal = "";
      out.push({ name });
      i = end + 1;
    } else if (c === "}") {
      throw new AppError("invalid_input", `template ${templateId}: single '}' at ${i} (write }} for a literal brace)`);
    } else {
      literal += c;
      i += 1;
    }
  }
  if (literal) out.push({ literal });
  return out;
}

/** The placeholder names of one template text, in order of first use; throws on a malformed brace. */
export function placeholdersOf(text: string, templateId = "(text)"): string[] {
  const names: string[] = [];
  for (const s of segments(text, templateId)) if ("name" in s && !names.includes(s.name)) names.push(s.name);
  return names;
}

/** Text written as a format string with no placeholders: every brace doubled. */
export const literalBraces = (text: string): string => text.replace(/[{}]/g, (b) => b + b);

function fill(text: string, values: Readonly<Record<string, string>>, templateId: string): string {
  return segments(text, templateId)
    .map((s) => ("literal" in s ? s.literal : (values[s.name] as string)))
    .join("");
}

function checkImages(template: PromptTemplate, images: readonly string[]): void {
  const count = images.length;
  const expected = template.images === "none" ? [0, 0] : template.images === "key_screenshots" ? [0, MAX_KEY_SCREENSHOTS] : [1, 1];
  if (count < expected[0]! || count > expected[1]!) {
    const want = expected[0] === expected[1] ? `${expected[0]}` : `${expected[0]} to ${expected[1]}`;
    throw new AppError("invalid_input", `template ${template.id} takes ${want} image(s) (${template.images}), got ${count}`);
  }
  // Only inline images: a URL would have the model server fetch whatever it names.
  images.forEach((url, i) => {
    if (!/^data:image\/[A-Za-z0-9.+-]+;base64,/.test(url)) throw new AppError("invalid_input", `template ${template.id}: image ${i + 1} is not a base64 data:image/... URL`);
  });
}

/** The chat messages for one request; throws AppError(invalid_input) naming what is wrong. */
export function renderPrompt(template: PromptTemplate, vars: PromptVars): RenderedPrompt {
  checkImages(template, vars.images);
  const userText = vars.images.length === 0 && template.userWhenNoImages ? template.userWhenNoImages : template.user;
  const texts = [template.system, template.user, template.userWhenNoImages].filter((t): t is string => t !== undefined);
  const known = new Set(texts.flatMap((t) => placeholdersOf(t, template.id)));
  for (const name of Object.keys(vars.values)) {
    if (!known.has(name)) throw new AppError("invalid_input", `template ${template.id} has no placeholder {${name}}`);
  }
  const used = [template.system, userText].filter((t): t is string => t !== undefined).flatMap((t) => placeholdersOf(t, template.id));
  const values: Record<string, string> = {};
  for (const name of used) {
    const value = vars.values[name];
    if (value === undefined) throw new AppError("invalid_input", `template ${template.id} needs a value for {${name}}`);
    if (value.trim() === "") throw new AppError("invalid_input", `template ${template.id}: the value for {${name}} is blank`);
    values[name] = template.dropTrailingPeriod?.includes(name) && value.endsWith(".") ? value.slice(0, -1) : value;
  }

  const messages: ChatMessage[] = [];
  if (template.system !== undefined) messages.push({ role: "system", content: fill(template.system, values, template.id) });
  const text: TextPart = { type: "text", text: fill(userText, values, template.id) };
  const images: ImagePart[] = vars.images.map((url) => ({ type: "image_url", image_url: { url } }));
  switch (template.imagePlacement) {
    case "before_text":
      messages.push({ role: "user", content: [...images, text] });
      break;
    case "after_text":
      messages.push({ role: "user", content: [text, ...images] });
      break;
    case "next_user_message":
      messages.push({ role: "user", content: [text] });
      if (images.length > 0) messages.push({ role: "user", content: images });
      break;
  }
  return { messages };
}
