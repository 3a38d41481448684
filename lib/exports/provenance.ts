import "server-only";
// The provenance a manifest carries: the pool (kind, profile, data_source), how images are
// named, the coordinate convention with its rounding and resize, the prompt template's id,
// source and text, the action syntax, the reward shipped, the filters, and for rewards and
// advantages the group policy they were derived under.
import { ADVANTAGE_EPSILON } from "@/lib/domain/rewards";
import type { ProjectSettings } from "@/lib/domain/project-settings";
import { CONVENTION_LABELS, ROUNDING_RULES } from "@/lib/exports/conventions/coordinate-conventions";
import { TEMPLATES, templateText } from "@/lib/exports/conventions/prompt-templates";
import { QWEN25_FACTOR, QWEN25_MAX_PIXELS, QWEN25_MIN_PIXELS } from "@/lib/exports/conventions/smart-resize";
import { REWARD_FILE } from "@/lib/exports/profiles/launch-readme";
import { REWARD_ENTRY_POINTS } from "@/lib/exports/reward/reward-source";
import type { RowStyle } from "@/lib/exports/rows/row-style";
import { historyNote } from "@/lib/exports/rows/navigation-history";
import { IMAGE_PATHS_NOTE } from "@/lib/exports/snapshot-images";
import type { Provenance } from "@/lib/exports/snapshot-manifest";
// Reaches up into lib/pools for the pool it writes (definition, filters, row): a pool is
// defined beside the screens that edit it, which start this export (README, "Layout").
import type { ImageMode, PoolKind, PoolSettings, ProfileId } from "@/lib/pools/pool-definition";

export const GROUP_POLICY = {
  std: "unbiased (n - 1) standard deviation of the group's counted rewards, as verl's compute_grpo_outcome_advantage (torch.std)",
  groupOfOne: "a group of one counts mean 0 and std 1, so its advantage is its reward / (1 + 1e-6), as verl computes it (verl/trainer/ppo/core_algos.py:314-316 at b178a3c)",
};

export function advantageNote(settings: ProjectSettings): string {
  const policy = settings.rewards.advantagePolicy === "verified_only" ? "only verified rollouts count in a group" : "unverified rollouts count with their automatic outcome";
  return `R = eta^(T-1) * R_comp + penalty * invalid (eta ${settings.rewards.eta}, penalty ${settings.rewards.invalidActionPenalty}); A = (R - mean) / (std + ${ADVANTAGE_EPSILON}) within the group; ${policy}; ${GROUP_POLICY.groupOfOne}.`;
}

export function provenanceOf(input: {
  pool: { name: string; kind: PoolKind; profile: ProfileId; settings: PoolSettings };
  dataSource: string | null;
  imageMode: ImageMode;
  // Absolute mode: the snapshot directory the rows' absolute image paths name.
  imageRoot: string | null;
  style: RowStyle | null;
  hasReward: boolean;
  projectSettings: ProjectSettings;
}): Provenance {
  const { pool, style } = input;
  const syntax = style ? TEMPLATES[style.template].syntax ?? null : null;
  return {
    pool: { name: pool.name, kind: pool.kind, profile: pool.profile, dataSource: input.dataSource },
    imageMode: input.imageMode,
    imagePaths: IMAGE_PATHS_NOTE[input.imageMode],
    imageRoot: input.imageMode === "absolute" ? input.imageRoot : null,
    convention: style
      ? {
          id: style.convention,
          label: CONVENTION_LABELS[style.convention],
          target: syntax ? "action" : style.target,
          rounding: ROUNDING_RULES[style.rounding],
          resize: style.convention === "qwen25-abs" ? { factor: QWEN25_FACTOR, minPixels: QWEN25_MIN_PIXELS, maxPixels: QWEN25_MAX_PIXELS, source: "qwen-vl-utils smart_resize (QwenLM/Qwen2.5-VL@f0af299 qwen-vl-utils/src/qwen_vl_utils/vision_process.py:60-85)" } : null,
        }
      : null,
    template: style
      ? { id: style.template, label: TEMPLATES[style.template].label, source: TEMPLATES[style.template].source, text: templateText(style.template, style.convention, style.target), answerFormat: TEMPLATES[style.template].answerFormat }
      : null,
    actionSyntax: syntax,
    history: style && syntax ? historyNote(style) : null,
    reward: input.hasReward ? { file: REWARD_FILE, entryPoints: REWARD_ENTRY_POINTS } : null,
    filters: { ...(pool.settings.filters ?? {}) },
    advantage:
      pool.kind === "online_rl"
        ? { policy: input.projectSettings.rewards.advantagePolicy, std: GROUP_POLICY.std, epsilon: ADVANTAGE_EPSILON, groupOfOne: GROUP_POLICY.groupOfOne }
        : null,
  };
}
