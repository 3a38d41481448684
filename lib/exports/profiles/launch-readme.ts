import "server-only";
// README.md of a snapshot: what it holds, how to get it, and the one command that trains on
// it with its profile's framework (launch-commands.ts), with exactly the flags that make the
// framework read these files as they are. Everything else on those command lines (model, GPUs,
// batch sizes) is the trainer's own choice and marked as such.
// Flags checked against: verl@b178a3c trainer/config/ppo_trainer.yaml:59-66, utils/dataset/rl_dataset.py;
// EasyR1@b44b311 verl/trainer/config.py:36-56, workers/reward/config.py:33-40; ms-swift@3602360
// docs/source_en/Instruction/Command-line-parameters.md, template/vision_utils.py:104-117;
// LLaMA-Factory@ff6d4d1 hparams/data_args.py:38-49, hparams/model_args.py:305-312.
import type { TokenModel } from "@/lib/exports/conventions/image-tokens";
import { commands } from "@/lib/exports/profiles/launch-commands";
import type { ReadmeInput } from "@/lib/exports/profiles/readme-input";
import { historyNote } from "@/lib/exports/rows/navigation-history";
import { CONVENTION_LABELS, ROUNDING_RULES } from "@/lib/exports/conventions/coordinate-conventions";
import { QWEN25_MAX_PIXELS, QWEN25_MIN_PIXELS } from "@/lib/exports/conventions/smart-resize";
import { TEMPLATES } from "@/lib/exports/conventions/prompt-templates";
// Reaches up into lib/pools for the pool it writes (definition, filters, row): a pool is
// defined beside the screens that edit it, which start this export (README, "Layout").
import { KIND_LABELS, PROFILE_LABELS } from "@/lib/pools/pool-definition";

export const REWARD_FILE = "reward/verity_reward.py";
export const CHANGES_FILE = "changes.jsonl";
export const README_FILE = "README.md";


const n = (v: number) => v.toLocaleString("en");

function tokensLine(r: ReadmeInput): string {
  if (!r.tokens) return "";
  const t = r.tokens;
  const per = (model: TokenModel) => t.imageTokens[model]?.tokens;
  return `- Prompt length: the largest screenshot is ${t.largestImage.width}x${t.largestImage.height}; the most tokens one screenshot costs is ${n(per("qwen2.5-vl") ?? 0)} for Qwen2.5-VL and ${n(per("qwen3-vl") ?? 0)} for Qwen3-VL (smart_resize); the longest prompt is at most ${n(t.promptTokenBound)} tokens and the longest row with its answer ${n(t.rowTokenBound)} (image tokens, the text's UTF-8 bytes, the chat template's markers). The command's prompt and row lengths and its pixel cap come from these figures (manifest.json: tokens): a lower length drops rows (EasyR1), cuts them (LLaMA-Factory) or leaves verl a prompt longer than it pads to.`;
}

function imagesLine(r: ReadmeInput): string {
  if (r.imageMode === "embed") return "inside the rows (bytes)";
  if (r.imageMode === "copy") return "`images/<sha256>.<ext>`, relative to this directory";
  return `absolute paths of \`images/\` in the directory this snapshot was written to (\`${r.localDir ?? ""}/images\`). **The rows name that directory, not this one**: a copy or move of this snapshot still reads the images there, and fails once they are gone or changed; \`verity pool verify\` (below) checks every one from wherever the snapshot now is`;
}

const sh = (lines: string[]) => ["```bash", ...lines, "```"].join("\n");

function frontMatter(r: ReadmeInput): string {
  if (r.profile !== "hf-datasets") return "";
  const configs = r.dataFiles.map((f, i) => `- config_name: ${f.logical}\n  data_files: ${f.name}${i === 0 ? "\n  default: true" : ""}`).join("\n");
  return `---\nconfigs:\n${configs}\n---\n\n`;
}

export function snapshotReadme(r: ReadmeInput): string {
  const get = r.localDir
    ? sh([`SNAPSHOT=${r.localDir}`, `SNAPSHOT_ID=${r.snapshotId}`, "MODEL=<your base model>"])
    : sh([`aws s3 sync ${r.remote}/snapshots/${r.snapshotId}/ ./${r.snapshotId}/`, `SNAPSHOT=$PWD/${r.snapshotId}`, `SNAPSHOT_ID=${r.snapshotId}`, "MODEL=<your base model>"]);
  const rows = r.dataFiles.map((f) => `- \`${f.name}\`: ${(r.counts[f.name] ?? 0).toLocaleString("en")} rows`).concat(r.otherFiles.map((f) => `- \`${f}\`: ${(r.counts[f] ?? 0).toLocaleString("en")} rows`));
  const skipped = Object.entries(r.counts).filter(([k]) => k.startsWith("skipped:") || k.startsWith("excluded:"));
  const base = r.baseSnapshotId ? `against snapshot \`${r.baseSnapshotId}\`` : "(the pool's first snapshot: every row is added)";
  const style = r.style
    ? [
        `- Coordinates: ${r.style.convention}, ${CONVENTION_LABELS[r.style.convention]}; targets are ${r.style.target === "point" ? "points [x,y]" : "boxes [x1,y1,x2,y2]"}; refusals are [-1,-1]. Rounding: ${ROUNDING_RULES[r.style.rounding]}.`,
        ...(r.style.convention === "qwen25-abs" ? [`- Absolute coordinates are pixels of the image qwen-vl-utils resizes to (smart_resize, factor 28, ${QWEN25_MIN_PIXELS}..${QWEN25_MAX_PIXELS} pixels): keep those image sizes in training, which the command's flags do.`] : []),
        `- Prompt template: ${r.style.template} (${TEMPLATES[r.style.template].label}; ${TEMPLATES[r.style.template].source}); its text is in manifest.json.`,
        `- Answers: ${TEMPLATES[r.style.template].answerFormat}.`,
        ...(TEMPLATES[r.style.template].syntax ? [`- History lines: ${historyNote(r.style).rule}.`] : []),
      ]
    : [];
  return `${frontMatter(r)}# Verity pool \`${r.poolName}\`, snapshot \`${r.snapshotId}\`

${KIND_LABELS[r.kind]}, written for ${PROFILE_LABELS[r.profile]}. This directory is the whole pool as it was verified: every file a trainer needs is here, and nothing here changes (files are read-only).

${rows.join("\n")}
${skipped.length ? `- Left out (counted in manifest.json): ${skipped.map(([k, n]) => `${k.replace(/^(skipped|excluded):/, "")} ${n}`).join(", ")}` : ""}
- Changes ${base}: ${r.changes.added} added, ${r.changes.updated} updated, ${r.changes.removed} removed (\`${CHANGES_FILE}\`); this ${r.mode} snapshot ${r.mode === "incremental" ? "carried the base's unchanged images over" : "copied every file afresh"}.
${style.join("\n")}
- Images: ${imagesLine(r)}.
${tokensLine(r)}
${r.advantage ? `- Rewards and advantages: ${r.advantage}` : ""}

## Get it

${get}

## Train

${commands(r).join("\n\n")}
${r.hasReward ? `
## Reward

\`reward/verity_reward.py\` (Python standard library only) scores a completion against a row's ground truth (the JSON in \`${r.profile === "verl" ? "reward_model.ground_truth" : r.profile === "easyr1" ? "answer" : r.profile === "ms-swift" ? "solution" : "ground_truth"}\`); its docstring names the rule and the entry point of each framework. Run its own checks (rounding, refusals, parsing) with:

${sh(["python3 $SNAPSHOT/reward/verity_reward.py --self-test"])}
` : ""}
## Check it

From a Verity checkout, wherever this snapshot now is (a copy, a move, another machine): every file against manifest.json, and every image a row names exists and matches its sha256 (${r.imageMode === "absolute" ? "the absolute paths as written" : r.imageMode === "copy" ? "paths relative to this directory" : "embedded bytes"}); it names each problem's file and rows and exits 1 on any.

${sh(["npm run verity -- pool verify $SNAPSHOT"])}

manifest.json lists every file with its sha256, the final-answer revisions and overrides the rows rest on, and the settings, prompt and convention they were made with.
`;
}
