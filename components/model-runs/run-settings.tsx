// What a run asked, as it recorded it when it started: the connection as it was then (name,
// model, address, coordinate grid), the template (id, version, a short hash of its text), the
// sampling (k, temperature, max tokens), what it runs over, who started it and when.
import type { ReactNode } from "react";
import { conventionLabel } from "@/components/pools/pool-labels";
import { scopeWords } from "@/components/model-runs/scope-words";
import { formatDateTime, formatNumber } from "@/lib/i18n/format";
import { getT } from "@/lib/i18n/server";
import type { LoadedModelRun } from "@/lib/models/runs/list-model-runs";
import { ITEMS_OF_TASK, isRunTask } from "@/lib/models/runs/run-tasks";

export async function RunSettings({ loaded }: { loaded: LoadedModelRun }) {
  const { t, locale } = await getT();
  const { run } = loaded;
  const items = isRunTask(run.task) ? ITEMS_OF_TASK[run.task] : "samples";
  const facts: [string, string, ReactNode][] = [
    ["connection", t("modelRuns.connection"), loaded.connectionExists ? run.connectionName : t("modelRuns.connectionDeleted", { name: run.connectionName })],
    ["model", t("modelRuns.model"), <span key="m" className="font-mono">{run.model}</span>],
    ["base-url", t("modelRuns.baseUrl"), <span key="u" className="font-mono break-all">{run.baseUrl}</span>],
    ["convention", t("modelRuns.convention"), conventionLabel(t, run.convention)],
    ["template", t("modelRuns.template"), <span key="t"><span className="font-mono">{run.templateId}</span> · {t("modelRuns.templateVersion", { version: run.templateVersion })}</span>],
    ["hash", t("modelRuns.templateHash"), <code key="h" title={run.templateHash} className="font-mono">{run.templateHash.slice(0, 12)}</code>],
    ["k", t("modelRuns.k"), formatNumber(locale, run.k)],
    ["temperature", t("modelRuns.temperature"), formatNumber(locale, run.temperature, { maximumFractionDigits: 2 })],
    ["max-tokens", t("modelRuns.maxTokens"), run.maxTokens === null ? t("modelRuns.maxTokensDefault") : formatNumber(locale, run.maxTokens)],
    ["output", t("modelRuns.outputName"), <span key="o" className="font-mono break-words">{run.outputName}</span>],
    ["scope", t("modelRuns.scope"), <span key="s">{scopeWords(t, items, run.scope, { queueName: loaded.queueName, runNames: loaded.runNames })} <span className="text-slate-600">({t("modelRuns.scopeFrozen", { count: run.total })})</span></span>],
    ["started-by", t("modelRuns.startedBy"), loaded.startedBy ? loaded.startedBy.name || loaded.startedBy.email : t("modelRuns.deletedUser")],
    ["created", t("modelRuns.created"), <time key="c" dateTime={run.createdAt.toISOString()}>{formatDateTime(locale, run.createdAt)}</time>],
  ];
  return (
    <section aria-labelledby="run-settings" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="run-settings" className="mb-3 text-lg font-semibold">{t("modelRuns.settings")}</h2>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
        {facts.map(([id, label, value]) => (
          <div key={id} data-testid={`run-setting-${id}`} className={id === "scope" ? "sm:col-span-2 lg:col-span-3" : undefined}>
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
