import "server-only";
// The builder of each pool kind (the format within a kind is the builder's choice).
import type { ExportBuilder } from "@/lib/exports/build/export-context";
import { evaluationBuilder } from "@/lib/exports/build/evaluation-build";
import { groundingBuilder } from "@/lib/exports/build/grounding-build";
import { midTrainingBuilder } from "@/lib/exports/build/mid-training-build";
import { navigationBuilder } from "@/lib/exports/build/navigation-build";
import { onlineRlBuilder } from "@/lib/exports/build/online-rl-build";
// Reaches up into lib/pools for the pool it writes (definition, filters, row): a pool is
// defined beside the screens that edit it, which start this export (README, "Layout").
import type { PoolKind } from "@/lib/pools/pool-definition";

export const BUILDERS: Record<PoolKind, ExportBuilder> = {
  grounding: groundingBuilder,
  navigation: navigationBuilder,
  online_rl: onlineRlBuilder,
  mid_training: midTrainingBuilder,
  evaluation: evaluationBuilder,
};
