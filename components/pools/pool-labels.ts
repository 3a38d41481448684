// The names of a pool's stored choices (kind, framework profile, image mode, coordinate
// convention, prompt template, selection filters) in the reader's language. The stored values
// stay the English identifiers of lib/pools/pool-definition.ts and lib/exports/conventions;
// those files keep their English labels for the CLI and the snapshot manifests.
import type { ConventionId } from "@/lib/exports/conventions/coordinate-conventions";
import { TEMPLATES, type TemplateId } from "@/lib/exports/conventions/prompt-templates";
import type { ImageMode, PoolKind, ProfileId } from "@/lib/pools/pool-definition";
import type { FilterKey, PoolFilters } from "@/lib/pools/pool-filters";
import type { PlainKey, Translate } from "@/lib/i18n/translate";

const KIND_KEYS: Record<PoolKind, PlainKey> = {
  grounding: "pools.kind.grounding",
  navigation: "pools.kind.navigation",
  online_rl: "pools.kind.online_rl",
  mid_training: "pools.kind.mid_training",
  evaluation: "pools.kind.evaluation",
};

const PROFILE_KEYS: Record<ProfileId, PlainKey> = {
  verl: "pools.profile.verl",
  easyr1: "pools.profile.easyr1",
  "ms-swift": "pools.profile.ms-swift",
  "llama-factory": "pools.profile.llama-factory",
  "hf-datasets": "pools.profile.hf-datasets",
  table: "pools.profile.table",
};

const IMAGE_MODE_KEYS: Record<ImageMode, PlainKey> = {
  copy: "pools.imageMode.copy",
  absolute: "pools.imageMode.absolute",
  embed: "pools.imageMode.embed",
};

const CONVENTION_KEYS: Record<ConventionId, PlainKey> = {
  rel1000: "pools.convention.rel1000",
  "qwen25-abs": "pools.convention.qwen25-abs",
  norm1: "pools.convention.norm1",
};

const TEMPLATE_KEYS: Record<TemplateId, PlainKey> = {
  "ui-venus-1.5-grounding": "pools.template.ui-venus-1.5-grounding",
  "verity-grounding": "pools.template.verity-grounding",
  "ui-venus-1.5-mobile": "pools.template.ui-venus-1.5-mobile",
  "ui-venus-1.5-web": "pools.template.ui-venus-1.5-web",
  "qwen2.5-vl-mobile-use": "pools.template.qwen2.5-vl-mobile-use",
  "verity-navigation": "pools.template.verity-navigation",
};

const FILTER_KEYS: Record<FilterKey, PlainKey> = {
  tier: "pools.filterName.tier",
  source: "pools.filterName.source",
  benchmark: "pools.filterName.benchmark",
  app: "pools.filterName.app",
  platform: "pools.filterName.platform",
  model: "pools.filterName.model",
  verifiedFrom: "pools.filterName.verifiedFrom",
  verifiedTo: "pools.filterName.verifiedTo",
};

/** A stored value's label, or the value itself when it is not one this version knows. */
const labelOf = <T extends string>(keys: Record<T, PlainKey>) => (t: Translate, value: string): string => {
  const key: PlainKey | undefined = keys[value as T];
  return key ? t(key) : value;
};

export const kindLabel = labelOf(KIND_KEYS);
export const profileLabel = labelOf(PROFILE_KEYS);
export const imageModeLabel = labelOf(IMAGE_MODE_KEYS);
export const conventionLabel = labelOf(CONVENTION_KEYS);
export const templateLabel = (t: Translate, id: string): string => (TEMPLATE_KEYS[id as TemplateId] ? t(TEMPLATE_KEYS[id as TemplateId]) : TEMPLATES[id as TemplateId]?.label ?? id);
export const filterLabel = labelOf(FILTER_KEYS);

/** A pool's selection as "name: values" lines, in the order the filters are defined (English names them by their identifiers, as the CLI does). */
export function describeFiltersIn(t: Translate, filters: PoolFilters | undefined): string[] {
  if (!filters) return [];
  return (Object.keys(FILTER_KEYS) as FilterKey[]).flatMap((key) => {
    const value = filters[key];
    if (value === undefined) return [];
    return [t("pools.filterValue", { name: filterLabel(t, key), value: Array.isArray(value) ? value.join(", ") : String(value) })];
  });
}
