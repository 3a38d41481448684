// 简体中文目录, one file per area under zh-CN/ as in English. Its type is the English
// catalogue's keys: a key missing here or one English does not have fails `tsc`;
// tests/unit/i18n-catalogues.test.ts checks the placeholders.
import type { Catalogue } from "@/lib/i18n/messages/messages-like";
import { shell } from "@/lib/i18n/messages/zh-CN/shell";
import { review } from "@/lib/i18n/messages/zh-CN/review";
import { lists } from "@/lib/i18n/messages/zh-CN/lists";
import { queues } from "@/lib/i18n/messages/zh-CN/queues";
import { admin } from "@/lib/i18n/messages/zh-CN/admin";
import { editor } from "@/lib/i18n/messages/zh-CN/editor";
import { trajectory } from "@/lib/i18n/messages/zh-CN/trajectory";
import { runs } from "@/lib/i18n/messages/zh-CN/runs";
import { benchmarks } from "@/lib/i18n/messages/zh-CN/benchmarks";
import { pools } from "@/lib/i18n/messages/zh-CN/pools";
import { charts } from "@/lib/i18n/messages/zh-CN/charts";
import { messages } from "@/lib/i18n/messages/zh-CN/messages";
import { imports } from "@/lib/i18n/messages/zh-CN/imports";
import { triage } from "@/lib/i18n/messages/zh-CN/triage";
import { checks } from "@/lib/i18n/messages/zh-CN/checks";
import { models } from "@/lib/i18n/messages/zh-CN/models";
import { modelRuns } from "@/lib/i18n/messages/zh-CN/model-runs";

export const zhCN: Catalogue = { ...shell, ...review, ...lists, ...queues, ...admin, ...editor, ...trajectory, ...runs, ...benchmarks, ...pools, ...charts, ...messages, ...imports, ...triage, ...checks, ...models, ...modelRuns };
