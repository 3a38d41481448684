import "server-only";
// What WebVoyager (MinorJerry/WebVoyager@5a78967) keeps about its tasks' answers besides the
// result folders, read from the import root when it is there:
//   - `reference_answer.json` (data/, README L51): `{web_name: {notice, answers: [{id, type:
//     "golden" | "possible", ans}]}}`, a brief reference answer per task `<web_name>--<id>`;
//   - the auto-evaluator's log (evaluation/run_eval.sh redirects auto_eval.py to
//     evaluation.log): per task a `--------------------- <process_dir>/task<id> ----...`
//     header, the GPT-4V reply, and `Auto_eval_res: 1 | 0 | None` (auto_eval.py L37, L126-131:
//     0 when the reply says "NOT SUCCESS", else 1, None when it says neither). Each verdict
//     becomes an MLLM judge verdict on its task's trajectory.
// Malformed files are reported; nothing here is a record of its own.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import type { Rejection, VerdictRecord } from "@/lib/imports/records";
import { isFile, listFiles, relativeToRoot } from "@/lib/imports/formats/trajectories/source-files";

export type ReferenceAnswer = { type: string; ans: string; notice: string | null; file: string };

const ReferenceSchema = z.record(
  z.string(),
  z.object({ notice: z.string().optional(), answers: z.array(z.object({ id: z.number().int(), type: z.string(), ans: z.string() })) }),
);

const MAX_BYTES = 64 * 1024 * 1024;

async function readSmall(abs: string): Promise<string | null> {
  const text = await readFile(abs);
  return text.length > MAX_BYTES ? null : text.toString("utf8");
}

export async function loadReferenceAnswers(root: string): Promise<{ answers: Map<string, ReferenceAnswer>; rejections: Rejection[] }> {
  const answers = new Map<string, ReferenceAnswer>();
  const rejections: Rejection[] = [];
  for (const rel of ["reference_answer.json", path.join("data", "reference_answer.json")]) {
    const abs = path.join(root, rel);
    if (!(await isFile(abs))) continue;
    const file = relativeToRoot(root, abs);
    let parsed: z.ZodSafeParseResult<z.infer<typeof ReferenceSchema>>;
    try {
      const text = await readSmall(abs);
      if (text === null) throw new Error("larger than 64 MiB");
      parsed = ReferenceSchema.safeParse(JSON.parse(text));
    } catch (error) {
      rejections.push({ type: "rejected", location: { file, line: null }, reason: `reference answers not read: ${(error as Error).message}` });
      continue;
    }
    if (!parsed.success) {
      rejections.push({ type: "rejected", location: { file, line: null }, reason: "not WebVoyager's reference answers ({web_name: {answers: [{id, type, ans}]}})" });
      continue;
    }
    for (const [web, entry] of Object.entries(parsed.data)) {
      for (const a of entry.answers) answers.set(`${web}--${a.id}`, { type: a.type, ans: a.ans, notice: entry.notice?.trim() || null, file });
    }
  }
  return { answers, rejections };
}

const HEADER = /^-{5,} (.+?) -{5,}\s*$/;
const RESULT = /^Auto_eval_res:\s*(\S+)\s*$/;

export type AutoEvalVerdict = VerdictRecord & { file: string; line: number };

/** Verdicts by task folder name (`task<id>`), from every log at the root or in evaluation/. */
export async function loadAutoEvalVerdicts(root: string): Promise<{ verdicts: Map<string, AutoEvalVerdict>; rejections: Rejection[] }> {
  const verdicts = new Map<string, AutoEvalVerdict>();
  const rejections: Rejection[] = [];
  const candidates = [
    ...(await listFiles(root)).map((n) => path.join(root, n)),
    ...(await listFiles(path.join(root, "evaluation"))).map((n) => path.join(root, "evaluation", n)),
  ].filter((f) => /\.(log|txt)$/.test(f));
  for (const abs of candidates) {
    const text = await readSmall(abs);
    if (text === null || !text.includes("Auto_eval_res:")) continue;
    const file = relativeToRoot(root, abs);
    let folder: string | null = null;
    let reply: string[] = [];
    for (const [i, line] of text.split(/\r?\n/).entries()) {
      const header = HEADER.exec(line);
      if (header) {
        folder = path.basename(header[1]!.replace(/[\\/]+$/, ""));
        reply = [];
        continue;
      }
      const result = RESULT.exec(line);
      if (!result) {
        // The message dict is printed on one line before the reply (auto_eval.py L125-126).
        if (folder && !line.startsWith("{'role'") && !line.startsWith("[{'type'")) reply.push(line);
        continue;
      }
      if (!folder) {
        rejections.push({ type: "rejected", location: { file, line: i + 1 }, reason: "Auto_eval_res without a task header before it" });
        continue;
      }
      const value = result[1] === "1" ? true : result[1] === "0" ? false : null;
      const rationale = reply.join("\n").replace(/^[\s\S]*?API call complete\.\.\.\n?/, "").trim();
      if (verdicts.has(folder)) rejections.push({ type: "rejected", location: { file, line: i + 1 }, reason: `${folder} was already evaluated in ${verdicts.get(folder)!.file}:${verdicts.get(folder)!.line}; the first verdict is kept` });
      else {
        verdicts.set(folder, {
          kind: "mllm",
          judgeName: "webvoyager/auto_eval",
          promptVersion: null,
          metric: "trace_success",
          valueBool: value,
          valueScore: null,
          rationale: rationale ? rationale.slice(0, 20_000) : `Auto_eval_res: ${result[1]}`,
          rawOutput: `Auto_eval_res: ${result[1]}`,
          file,
          line: i + 1,
        });
      }
      folder = null;
    }
  }
  return { verdicts, rejections };
}
