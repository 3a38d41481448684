import "server-only";
// README.md of a snapshot: what it holds, how to get it, and the one command that trains on
// it with its profile's framework, with exactly the flags that make the framework read these
// files as they are (where the data is, which columns, the image directory, the reward, the
// image sizes the coordinates assume). Everything else on those command lines (model, GPUs,
// batch sizes) is the trainer's own choice and marked as such.
// Flags checked against: verl@b178a3c trainer/config/ppo_trainer.yaml:59-66, utils/dataset/rl_dataset.py;
// EasyR1@b44b311 verl/trainer/config.py:36-56, workers/reward/config.py:33-40; ms-swift@3602360
// docs/source_en/Instruction/Command-line-parameters.md, template/vision_utils.py:104-117;
// LLaMA-Factory@ff6d4d1 hparams/data_args.py:38-45, hparams/model_args.py:305-312.
import type { ChangeCounts } from "@/lib/exports/ledger/snapshot-rows";
import { llamaFactoryDatasetName } from "@/lib/exports/profiles/llama-factory-profile";
import type { DataFile } from "@/lib/exports/profiles/profile-types";
import type { RowStyle } from "@/lib/exports/rows/row-style";
import { CONVENTION_LABELS, ROUNDING_RULES } from "@/lib/exports/conventions/coordinate-conventions";
import { QWEN25_MAX_PIXELS, QWEN25_MIN_PIXELS } from "@/lib/exports/conventions/smart-resize";
import { TEMPLATES } from "@/lib/exports/conventions/prompt-templates";
import { KIND_LABELS, PROFILE_LABELS, type ImageMode, type PoolKind, type ProfileId } from "@/lib/pools/pool-definition";

export const REWARD_FILE = "reward/verity_reward.py";
export const CHANGES_FILE = "changes.jsonl";
export const README_FILE = "README.md";

export type ReadmeInput = {
  poolName: string;
  kind: PoolKind;
  profile: ProfileId;
  snapshotId: string;
  localDir: string | null;
  remote: string | null;
  imageMode: ImageMode;
  style: RowStyle | null;
  dataFiles: readonly DataFile[];
  otherFiles: readonly string[];
  hasReward: boolean;
  swiftObjects: boolean;
  counts: Record<string, number>;
  mode: "full" | "incremental";
  baseSnapshotId: string | null;
  changes: ChangeCounts;
  advantage: string | null;
};

const sh = (lines: string[]) => ["```bash", ...lines, "```"].join("\n");
const join = (parts: (string | false | null | undefined)[]) => parts.filter((p): p is string => Boolean(p)).join(" \\\n  ");

function commands(r: ReadmeInput): string[] {
  const abs = r.style?.convention === "qwen25-abs";
  const file = (logical: string) => r.dataFiles.find((f) => f.logical === logical);
  const main = r.dataFiles[0];
  const reward = r.hasReward ? "$SNAPSHOT/reward/verity_reward.py" : null;
  const out: string[] = [];
  switch (r.profile) {
    case "verl":
      out.push("Train with verl's PPO/GRPO trainer, from any directory (the image paths are absolute or the bytes are in the file); GPUs, batch sizes and the like are yours to add:");
      out.push(sh([join([
        "python3 -m verl.trainer.main_ppo",
        "algorithm.adv_estimator=grpo",
        `data.train_files=$SNAPSHOT/${main!.name}`,
        `data.val_files=$SNAPSHOT/${main!.name}`,
        "data.prompt_key=prompt",
        "data.image_key=images",
        abs && "data.image_patch_size=14",
        "data.max_prompt_length=8192",
        reward && `custom_reward_function.path=${reward}`,
        reward && "custom_reward_function.name=compute_score",
        "actor_rollout_ref.model.path=$MODEL",
        "actor_rollout_ref.rollout.n=8",
        "trainer.n_gpus_per_node=8 trainer.nnodes=1",
      ])]));
      break;
    case "easyr1":
      out.push("Train with EasyR1 (from its checkout, for examples/config.yaml; `format_prompt=null` because the prompt is already the template's):");
      out.push(sh([join([
        "python3 -m verl.trainer.main config=examples/config.yaml",
        `data.train_files=$SNAPSHOT/${main!.name}`,
        `data.val_files=$SNAPSHOT/${main!.name}`,
        "data.prompt_key=prompt",
        "data.answer_key=answer",
        "data.image_key=images",
        r.imageMode === "copy" && "data.image_dir=$SNAPSHOT",
        "data.format_prompt=null",
        abs ? "data.min_pixels=null data.max_pixels=null" : null,
        reward && `worker.reward.reward_function=${reward}:easyr1_compute_score`,
        "worker.actor.model.model_path=$MODEL",
      ])]));
      break;
    case "ms-swift": {
      const env = [r.imageMode === "copy" && "ROOT_IMAGE_DIR=$SNAPSHOT", abs && `MAX_PIXELS=${QWEN25_MAX_PIXELS} MIN_PIXELS=${QWEN25_MIN_PIXELS}`, r.swiftObjects && "QWENVL_BBOX_FORMAT=new"].filter(Boolean).join(" ");
      const prefix = env ? `${env} ` : "";
      if (r.kind === "online_rl") {
        out.push("Fine-tune on the verified successes, then prefer them with DPO:");
        out.push(sh([`${prefix}swift sft --model $MODEL --dataset $SNAPSHOT/${file("sft")!.name} --tuner_type lora`, `${prefix}swift rlhf --rlhf_type dpo --model $MODEL --dataset $SNAPSHOT/${file("dpo")!.name} --tuner_type lora`]));
        break;
      }
      out.push("Train with ms-swift: GRPO with the shipped reward (the assistant turn is replaced by each rollout), or SFT on the same file:");
      const dataset = r.dataFiles.map((f) => `$SNAPSHOT/${f.name}`).join(" ");
      // objects rows: ms-swift derives the trained numbers itself; --norm_bbox pins the grid the
      // ground truth was computed on whatever the model's template defaults to (base.py:313-317).
      const normBbox = r.swiftObjects ? ` --norm_bbox ${abs ? "none" : "norm1000"}` : "";
      out.push(sh([
        join([`${prefix}swift rlhf --rlhf_type grpo`, "--model $MODEL", `--dataset ${dataset}${normBbox}`, reward && `--external_plugins ${reward}`, reward && "--reward_funcs verity_reward", "--num_generations 8"]),
        `${prefix}swift sft --model $MODEL --dataset ${dataset}${normBbox} --tuner_type lora`,
      ]));
      break;
    }
    case "llama-factory": {
      const names = r.dataFiles.filter((f) => f.logical !== "dpo").map((f) => llamaFactoryDatasetName(f.logical)).join(",");
      const base = ["--model_name_or_path $MODEL", "--template qwen2_vl", "--dataset_dir $SNAPSHOT", "--media_dir $SNAPSHOT", abs && `--image_max_pixels ${QWEN25_MAX_PIXELS} --image_min_pixels ${QWEN25_MIN_PIXELS}`, "--finetuning_type lora", "--output_dir saves/verity-$SNAPSHOT_ID"];
      out.push("Train with LLaMA-Factory (dataset_info.json in the snapshot names each file; `--template qwen3_vl_nothink` for a Qwen3-VL base):");
      const lines = [join(["llamafactory-cli train --stage sft --do_train true", `--dataset ${names}`, ...base])];
      if (file("dpo")) lines.push(join(["llamafactory-cli train --stage dpo --do_train true", `--dataset ${llamaFactoryDatasetName("dpo")}`, ...base]));
      out.push(sh(lines));
      break;
    }
    case "hf-datasets":
      out.push("Load it with Hugging Face datasets (the images come back as PIL images):");
      out.push(["```python", "from datasets import load_dataset", ...r.dataFiles.map((f) => `${f.logical} = load_dataset("parquet", data_files=f"{SNAPSHOT}/${f.name}", split="train")`), "```"].join("\n"));
      break;
    case "table":
      out.push("The corrected results of each run: `<run>.csv` for a spreadsheet (formula-safe), `<run>.json` for code.");
      break;
  }
  return out;
}

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
      ]
    : [];
  return `${frontMatter(r)}# Verity pool \`${r.poolName}\`, snapshot \`${r.snapshotId}\`

${KIND_LABELS[r.kind]}, written for ${PROFILE_LABELS[r.profile]}. This directory is the whole pool as it was verified: every file a trainer needs is here, and nothing here changes (files are read-only).

${rows.join("\n")}
${skipped.length ? `- Left out (counted in manifest.json): ${skipped.map(([k, n]) => `${k.replace(/^(skipped|excluded):/, "")} ${n}`).join(", ")}` : ""}
- Changes ${base}: ${r.changes.added} added, ${r.changes.updated} updated, ${r.changes.removed} removed (\`${CHANGES_FILE}\`); this ${r.mode} snapshot ${r.mode === "incremental" ? "carried the base's unchanged images over" : "copied every file afresh"}.
${style.join("\n")}
- Images: ${r.imageMode === "embed" ? "inside the rows (bytes)" : r.imageMode === "absolute" ? "absolute paths of `images/` in this directory" : "`images/<sha256>.<ext>`, relative to this directory"}.
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
manifest.json lists every file with its sha256, the final-answer revisions and overrides the rows rest on, and the settings, prompt and convention they were made with.
`;
}
