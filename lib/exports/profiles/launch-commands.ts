import "server-only";
// The launch command of each profile's framework, as the snapshot README prints it: exactly the
// flags that make the framework read these files as they are (where the data is, which columns,
// the image directory, the reward, the image sizes the coordinates assume, the prompt lengths
// the pool's own screenshots need). Everything else (model, GPUs, batch sizes) is the trainer's.
// Lengths and pixel caps come from the manifest's token figures (lib/exports/build/token-tally.ts):
//   verl           data.max_prompt_length: the prompt bound (verl does not count image tokens
//                  when filtering and pads to this length, rl_dataset.py:299, agent_loop.py:547-552 at b178a3c)
//   EasyR1         data.max_prompt_length (rows over it are dropped while loading, dataset.py:150-155,
//                  187-200 at b44b311), data.max_pixels: the largest screenshot, so none is shrunk
//                  (dataset.py:64-67), data.min_pixels=null so none is enlarged (dataset.py:69-72)
//   ms-swift       --max_length: the row bound (prompt and answer)
//   LLaMA-Factory  --cutoff_len (default 2048, hparams/data_args.py:46-49 at ff6d4d1): the row
//                  bound; --image_max_pixels (default 768*768, model_args.py:305-308): the largest screenshot
import { launchLength } from "@/lib/exports/conventions/image-tokens";
import { QWEN25_MAX_PIXELS, QWEN25_MIN_PIXELS } from "@/lib/exports/conventions/smart-resize";
import type { ReadmeInput } from "@/lib/exports/profiles/readme-input";
import { llamaFactoryDatasetName } from "@/lib/exports/profiles/llama-factory-profile";
import { CHAT_TEMPLATE_FILE, SYSTEM_MARK } from "@/lib/exports/profiles/easyr1-chat-template";
import { TEMPLATES } from "@/lib/exports/conventions/prompt-templates";

// A pool with no screenshot rows yet: the frameworks' usual lengths.
const NO_ROWS = { prompt: 8192, row: 8192, pixels: QWEN25_MAX_PIXELS };

/** The prompt and row lengths and the pixel cap the command passes, from the manifest's figures. */
export function launchSizes(r: Pick<ReadmeInput, "tokens">): { prompt: number; row: number; pixels: number } {
  if (!r.tokens) return NO_ROWS;
  return { prompt: launchLength(r.tokens.promptTokenBound), row: launchLength(r.tokens.rowTokenBound), pixels: r.tokens.largestImage.width * r.tokens.largestImage.height };
}

const sh = (lines: string[]) => ["```bash", ...lines, "```"].join("\n");
const join = (parts: (string | false | null | undefined)[]) => parts.filter((p): p is string => Boolean(p)).join(" \\\n  ");

export function commands(r: ReadmeInput): string[] {
  const size = launchSizes(r);
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
        `data.max_prompt_length=${size.prompt}`,
        reward && `custom_reward_function.path=${reward}`,
        reward && "custom_reward_function.name=compute_score",
        "actor_rollout_ref.model.path=$MODEL",
        "actor_rollout_ref.rollout.n=8",
        "trainer.n_gpus_per_node=8 trainer.nnodes=1",
      ])]));
      break;
    case "easyr1": {
      const systemTurn = r.style !== null && TEMPLATES[r.style.template].systemTurn === true;
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
        systemTurn && `data.override_chat_template=$SNAPSHOT/${CHAT_TEMPLATE_FILE}`,
        `data.max_prompt_length=${size.prompt}`,
        `data.min_pixels=null data.max_pixels=${size.pixels}`,
        reward && `worker.reward.reward_function=${reward}:easyr1_compute_score`,
        "worker.actor.model.model_path=$MODEL",
      ])]));
      if (systemTurn) {
        out.push(
          `The prompt template asks with a system turn of its own (the ${r.style!.template} tools) and the query, then the screenshot, as the user turn (the Qwen2.5-VL cookbook's layout); EasyR1 reads one prompt string as one user turn under the chat template's default system message. \`${CHAT_TEMPLATE_FILE}\` (passed as \`data.override_chat_template\`) renders the text before \`${SYSTEM_MARK}\` as the system turn and the rest as the user turn, so the model sees the cookbook's layout; without it the tools would sit inside the user turn.`,
        );
      }
      break;
    }
    case "ms-swift": {
      const env = [r.imageMode === "copy" && "ROOT_IMAGE_DIR=$SNAPSHOT", abs && `MAX_PIXELS=${QWEN25_MAX_PIXELS} MIN_PIXELS=${QWEN25_MIN_PIXELS}`, r.swiftObjects && "QWENVL_BBOX_FORMAT=new"].filter(Boolean).join(" ");
      const prefix = env ? `${env} ` : "";
      if (r.kind === "online_rl") {
        out.push("Fine-tune on the verified successes, then prefer them with DPO:");
        out.push(sh([`${prefix}swift sft --model $MODEL --dataset $SNAPSHOT/${file("sft")!.name} --max_length ${size.row} --tuner_type lora`, `${prefix}swift rlhf --rlhf_type dpo --model $MODEL --dataset $SNAPSHOT/${file("dpo")!.name} --max_length ${size.row} --tuner_type lora`]));
        break;
      }
      out.push("Train with ms-swift: GRPO with the shipped reward (the assistant turn is replaced by each rollout), or SFT on the same file:");
      const dataset = r.dataFiles.map((f) => `$SNAPSHOT/${f.name}`).join(" ");
      // objects rows: ms-swift derives the trained numbers itself; --norm_bbox pins the grid the
      // ground truth was computed on whatever the model's template defaults to (base.py:313-317).
      const normBbox = r.swiftObjects ? ` --norm_bbox ${abs ? "none" : "norm1000"}` : "";
      out.push(sh([
        join([`${prefix}swift rlhf --rlhf_type grpo`, "--model $MODEL", `--dataset ${dataset}${normBbox}`, `--max_length ${size.row}`, reward && `--external_plugins ${reward}`, reward && "--reward_funcs verity_reward", "--num_generations 8"]),
        `${prefix}swift sft --model $MODEL --dataset ${dataset}${normBbox} --max_length ${size.row} --tuner_type lora`,
      ]));
      break;
    }
    case "llama-factory": {
      const names = r.dataFiles.filter((f) => f.logical !== "dpo").map((f) => llamaFactoryDatasetName(f.logical)).join(",");
      const base = ["--model_name_or_path $MODEL", "--template qwen2_vl", "--dataset_dir $SNAPSHOT", "--media_dir $SNAPSHOT", `--cutoff_len ${size.row}`, abs ? `--image_max_pixels ${QWEN25_MAX_PIXELS} --image_min_pixels ${QWEN25_MIN_PIXELS}` : `--image_max_pixels ${size.pixels}`, "--finetuning_type lora", "--output_dir saves/verity-$SNAPSHOT_ID"];
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

