"use client";
// One model connection: where it points and how hard it may be used, its key's hint (never the
// key), its last test, and its three actions: test it (the result shows here), change it (the
// same fields, the key left blank keeps it) and delete it (behind a second click).
import { useId, useRef, useState, type ReactNode } from "react";
import { useLocale, useT } from "@/components/i18n/i18n-provider";
import { ConnectionFields } from "@/components/models/connection-fields";
import { ConnectionTestResultView, type TestTarget } from "@/components/models/connection-test-result";
import { conventionLabel } from "@/components/pools/pool-labels";
import { ActionForm } from "@/components/ui/action-form";
import { deleteModelConnectionAction, testModelConnectionAction, updateModelConnectionAction, type TestModelConnectionResult } from "@/lib/actions/model-connections";
import type { ActionResult } from "@/lib/actions/result";
import { formatDateTime, formatNumber } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/translate";
import type { ConnectionView } from "@/lib/models/connections/connections";

type Props = { projectId: string; connection: ConnectionView; testTarget: TestTarget; onDeleted: (message: string) => void };

const BUTTON = "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60";

function limitsText(t: Translate, locale: Locale, c: ConnectionView): string {
  const n = (v: number) => formatNumber(locale, v);
  if (c.minPixels !== null && c.maxPixels !== null) return t("models.facts.pixelsBetween", { min: n(c.minPixels), max: n(c.maxPixels) });
  if (c.minPixels !== null) return t("models.facts.pixelsAtLeast", { min: n(c.minPixels) });
  if (c.maxPixels !== null) return t("models.facts.pixelsAtMost", { max: n(c.maxPixels) });
  return t("models.facts.pixelsDefault");
}

function requestsText(t: Translate, c: ConnectionView): string {
  return [
    t("models.facts.concurrent", { count: c.maxConcurrent }),
    c.requestsPerMinute === null ? t("models.facts.noPerMinute") : t("models.facts.perMinute", { count: c.requestsPerMinute }),
    t("models.facts.timeout", { seconds: c.timeoutSeconds }),
  ].join(" · ");
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}

export function ConnectionCard({ projectId, connection: c, testTarget, onDeleted }: Props) {
  const t = useT();
  const locale = useLocale();
  const editId = useId();
  const [isEditing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isTesting, setTesting] = useState(false);
  const [test, setTest] = useState<TestModelConnectionResult | null>(null);

  async function runTest() {
    setTesting(true);
    setNotice(null);
    try {
      setTest(await testModelConnectionAction({ projectId, connectionId: c.id }));
    } catch {
      setTest({ ok: false, error: t("messages.serverError") }); // the request to our own server failed
    } finally {
      setTesting(false);
    }
  }

  // Closing the form takes the focus back to the button that opened it, not to the page's top.
  const closeEditing = () => {
    setEditing(false);
    editButton.current?.focus();
  };

  const save = async (previous: ActionResult | null, form: FormData) => {
    const result = await updateModelConnectionAction(previous, form);
    if (result.ok) {
      closeEditing();
      setTest(null); // it tested the settings before the change
      setNotice(result.message);
    }
    return result;
  };

  const remove = async (previous: ActionResult | null, form: FormData) => {
    const result = await deleteModelConnectionAction(previous, form);
    if (result.ok) onDeleted(result.message);
    return result;
  };

  return (
    <article aria-label={t("models.card", { name: c.name })} className="space-y-4 rounded-lg border border-slate-200 bg-white p-5">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold">{c.name}</h2>
          <p className="text-xs text-slate-500">{t("models.facts.addedBy", { email: c.createdBy.email })}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <button type="button" onClick={runTest} disabled={isTesting} className={BUTTON}>
            {isTesting ? t("models.testing") : t("models.test")}
          </button>
          <button ref={editButton} type="button" onClick={() => { setEditing(!isEditing); setNotice(null); }} aria-expanded={isEditing} aria-controls={isEditing ? editId : undefined} className={BUTTON}>
            {t("models.edit")}
          </button>
          <details className="relative">
            <summary className="cursor-pointer list-none rounded-md border border-red-300 bg-white px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50">
              {t("models.delete")}
            </summary>
            <ActionForm action={remove} label={t("models.deleteNamed", { name: c.name })} submitLabel={t("models.deleteConfirm")} variant="danger"
              className="absolute right-0 z-10 mt-1 flex w-80 flex-wrap gap-2 rounded-md border border-slate-200 bg-white p-3 shadow">
              <input type="hidden" name="projectId" value={projectId} />
              <input type="hidden" name="connectionId" value={c.id} />
              <p className="basis-full text-sm text-slate-600">{t("models.deleteNote")}</p>
            </ActionForm>
          </details>
        </div>
      </header>

      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
        <Fact label={t("models.facts.model")}><code className="font-mono">{c.model}</code></Fact>
        <Fact label={t("models.facts.baseUrl")}><code className="break-all font-mono">{c.baseUrl}</code></Fact>
        <Fact label={t("models.facts.convention")}>{conventionLabel(t, c.convention)}</Fact>
        <Fact label={t("models.facts.limits")}><span className="tabular-nums">{limitsText(t, locale, c)}</span></Fact>
        <Fact label={t("models.facts.load")}><span className="tabular-nums">{requestsText(t, c)}</span></Fact>
        <Fact label={t("models.facts.key")}>
          {c.apiKeyHint ? <code className="font-mono" data-testid="key-hint">{c.apiKeyHint}</code> : <span className="text-slate-500">{t("models.facts.noKey")}</span>}
        </Fact>
        <div className="min-w-0 sm:col-span-2 lg:col-span-3">
          <dt className="text-xs text-slate-600">{t("models.facts.lastTest")}</dt>
          <dd className="text-sm" data-testid="last-test">
            {c.lastTestAt === null ? (
              <span className="text-slate-500">{t("models.facts.neverTested")}</span>
            ) : (
              <>
                <span className={c.lastTestOk ? "font-medium text-emerald-800" : "font-medium text-red-700"}>{c.lastTestOk ? t("models.facts.answered") : t("models.facts.failed")}</span>
                <span className="text-slate-600"> · {formatDateTime(locale, c.lastTestAt)}{c.lastTestLatencyMs !== null && <> · <span className="tabular-nums">{t("models.result.ms", { ms: c.lastTestLatencyMs })}</span></>}</span>
                {c.lastTestMessage && <span className="block break-words text-slate-700">{c.lastTestMessage}</span>}
              </>
            )}
          </dd>
        </div>
      </dl>

      {test && !test.ok && <p role="alert" className="text-sm text-red-700">{test.error}</p>}
      {test?.ok && <ConnectionTestResultView result={test.test} target={testTarget} />}
      {notice && <p role="status" className="text-sm text-emerald-800">{notice}</p>}

      {isEditing && (
        <div id={editId} className="space-y-3 border-t border-slate-200 pt-4">
          <div className="flex items-center justify-between gap-4">
            <h3 className="font-semibold">{t("models.editNamed", { name: c.name })}</h3>
            <button type="button" onClick={closeEditing} className={BUTTON}>{t("models.cancel")}</button>
          </div>
          <ActionForm action={save} label={t("models.editNamed", { name: c.name })} submitLabel={t("models.save")} className="space-y-4">
            <input type="hidden" name="projectId" value={projectId} />
            <input type="hidden" name="connectionId" value={c.id} />
            <ConnectionFields saved={c} />
          </ActionForm>
        </div>
      )}
    </article>
  );
}
