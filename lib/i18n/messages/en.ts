// The English catalogue: the source of every key and its {placeholders} (lib/i18n/translate.ts).
// Keys are grouped by screen, one file per area under en/; "common." holds words many screens share.
import { shell } from "@/lib/i18n/messages/en/shell";
import { review } from "@/lib/i18n/messages/en/review";
import { lists } from "@/lib/i18n/messages/en/lists";
import { queues } from "@/lib/i18n/messages/en/queues";
import { admin } from "@/lib/i18n/messages/en/admin";
import { messages } from "@/lib/i18n/messages/en/messages";
import { imports } from "@/lib/i18n/messages/en/imports";
import { triage } from "@/lib/i18n/messages/en/triage";

export const en = { ...shell, ...review, ...lists, ...queues, ...admin, ...messages, ...imports, ...triage } as const;
