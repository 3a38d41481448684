// A snapshot's stored status and export mode (lib/pools/pool-overview.ts, English identifiers)
// named in the reader's language; an unknown value prints as stored.
import type { PlainKey, Translate } from "@/lib/i18n/translate";

const STATUS_KEYS: Record<string, PlainKey> = { complete: "snapshot.state.complete", writing: "snapshot.state.writing", failed: "snapshot.state.failed" };
const MODE_KEYS: Record<string, PlainKey> = { full: "snapshot.mode.full", incremental: "snapshot.mode.incremental" };

export const snapshotStatusLabel = (t: Translate, status: string): string => (STATUS_KEYS[status] ? t(STATUS_KEYS[status]!) : status);
export const exportModeLabel = (t: Translate, mode: string): string => (MODE_KEYS[mode] ? t(MODE_KEYS[mode]!) : mode);
