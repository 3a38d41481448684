import "server-only";
// The profile of each framework (lib/pools/pool-definition.ts PROFILES). "table" is the
// evaluation pools' CSV + JSON, which have no rows of this kind.
import { easyr1Profile } from "@/lib/exports/profiles/easyr1-profile";
import { hfDatasetsProfile } from "@/lib/exports/profiles/hf-datasets-profile";
import { llamaFactoryProfile } from "@/lib/exports/profiles/llama-factory-profile";
import { msSwiftProfile } from "@/lib/exports/profiles/ms-swift-profile";
import type { Profile } from "@/lib/exports/profiles/profile-types";
import { verlProfile } from "@/lib/exports/profiles/verl-profile";
// Reaches up into lib/pools for the pool it writes (definition, filters, row): a pool is
// defined beside the screens that edit it, which start this export (README, "Layout").
import type { ProfileId } from "@/lib/pools/pool-definition";

export const PROFILE_WRITERS: Record<Exclude<ProfileId, "table">, Profile> = {
  verl: verlProfile,
  easyr1: easyr1Profile,
  "ms-swift": msSwiftProfile,
  "llama-factory": llamaFactoryProfile,
  "hf-datasets": hfDatasetsProfile,
};
