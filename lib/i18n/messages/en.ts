// The English catalogue: the source of every key and its {placeholders} (lib/i18n/translate.ts).
// Keys are grouped by screen, one file per area under en/; "common." holds words many screens share.
import { shell } from "@/lib/i18n/messages/en/shell";
import { review } from "@/lib/i18n/messages/en/review";
import { lists } from "@/lib/i18n/messages/en/lists";
import { queues } from "@/lib/i18n/messages/en/queues";
import { admin } from "@/lib/i18n/messages/en/admin";
import { editor } from "@/lib/i18n/messages/en/editor";
import { trajectory } from "@/lib/i18n/messages/en/trajectory";
import { runs } from "@/lib/i18n/messages/en/runs";
import { benchmarks } from "@/lib/i18n/messages/en/benchmarks";
import { pools } from "@/lib/i18n/messages/en/pools";
import { charts } from "@/lib/i18n/messages/en/charts";
import { messages } from "@/lib/i18n/messages/en/messages";
import { imports } from "@/lib/i18n/messages/en/imports";
import { triage } from "@/lib/i18n/messages/en/triage";
import { checks } from "@/lib/i18n/messages/en/checks";
import { models } from "@/lib/i18n/messages/en/models";
import { modelRuns } from "@/lib/i18n/messages/en/model-runs";

export const en = { ...shell, ...review, ...lists, ...queues, ...admin, ...editor, ...trajectory, ...runs, ...benchmarks, ...pools, ...charts, ...messages, ...imports, ...triage, ...checks, ...models, ...modelRuns } as const;
