"use client";
// Adjudicating a trajectory: one row per step, one column per annotator (their label, error
// kind and correction), rows where they differ highlighted, their trace verdicts and first
// wrong steps above; the last column is the final answer. Keys 1..N take a whole answer into
// the final column; every cell of it can then be changed before resolving.
import { useState } from "react";
import { useT } from "@/components/i18n/i18n-provider";
import { AdjudicationSubmitBar } from "@/components/adjudication/adjudication-submit-bar";
import { answerColor } from "@/components/adjudication/answer-colors";
import { useAdjudicationKeys } from "@/components/adjudication/use-adjudication-keys";
import { useAdjudicationSubmit } from "@/components/adjudication/use-adjudication-submit";
import { STEP_LABEL_VALUES, TRACE_VERDICTS, type StepLabel, type StepLabelValue, type TraceVerdict } from "@/lib/domain/labels";
import type { TrajectoryAdjudication as View } from "@/lib/queues/adjudication-view";
import { EMPTY_TRAJECTORY_PAYLOAD, trajectoryProblem, type TrajectoryPayload } from "@/lib/domain/trajectory-payload";

type Props = { projectId: string; listHref: string; view: View };

const LABEL_STYLE: Record<StepLabelValue, string> = {
  correct: "bg-emerald-100 text-emerald-900",
  incorrect: "bg-red-100 text-red-900",
  unsure: "bg-amber-100 text-amber-900",
};
const VERDICT_STYLE: Record<TraceVerdict, string> = { success: LABEL_STYLE.correct, failure: LABEL_STYLE.incorrect, unsure: LABEL_STYLE.unsure };

const differs = <T,>(values: T[]) => values.some((v) => v !== values[0]);
const select = "w-full rounded-md border border-slate-300 bg-white px-1.5 py-1 text-sm";

// Colour is not the only sign of a difference: the row's heading says so too.
function Differs({ when }: { when: boolean }) {
  const t = useT();
  return when ? <span className="ml-1.5 rounded bg-amber-200 px-1 py-px text-[10px] font-semibold tracking-wide text-amber-900 uppercase">{t("adjudication.differs")}</span> : null;
}

function Chip({ text, style }: { text: string; style: string }) {
  return <span className={`inline-block rounded px-1.5 py-0.5 text-xs font-semibold ${style}`}>{text}</span>;
}

function StepCell({ label }: { label: StepLabel | undefined }) {
  const t = useT();
  if (!label) return <span className="text-xs text-slate-400">{t("adjudication.unlabeled")}</span>;
  return (
    <div className="space-y-0.5">
      <Chip text={label.label} style={LABEL_STYLE[label.label]} />
      {label.errorKind && <p className="text-xs text-slate-700">{label.errorKind.replace(/_/g, " ")}</p>}
      {label.correctedAction && <p className="text-xs text-cyan-900">{t("adjudication.corrected")}</p>}
    </div>
  );
}

function withStepLabel(payload: TrajectoryPayload, stepIndex: number, value: StepLabelValue | ""): TrajectoryPayload {
  const others = payload.steps.filter((s) => s.stepIndex !== stepIndex);
  if (value === "") return { ...payload, steps: others };
  const current = payload.steps.find((s) => s.stepIndex === stepIndex);
  const next: StepLabel = current && current.label === value ? current : { stepIndex, label: value };
  return { ...payload, steps: [...others, next].sort((a, b) => a.stepIndex - b.stepIndex) };
}

export function TrajectoryAdjudication({ projectId, listHref, view }: Props) {
  const [payload, setPayload] = useState<TrajectoryPayload>(EMPTY_TRAJECTORY_PAYLOAD);
  const [picked, setPicked] = useState<number | null>(null);
  const [isEdited, setEdited] = useState(false);
  const submitter = useAdjudicationSubmit(projectId);
  const t = useT();
  const { answers, trajectory } = view;
  const steps = trajectory.steps;
  const byStep = answers.map((a) => new Map(a.payload?.steps.map((s) => [s.stepIndex, s]) ?? []));
  const mine = new Map(payload.steps.map((s) => [s.stepIndex, s]));

  function pick(index: number) {
    const answer = answers[index]?.payload;
    if (!answer) return;
    setPayload({ ...answer, note: null });
    setPicked(index);
    setEdited(false);
  }
  function change(next: TrajectoryPayload) {
    setPayload(next);
    setEdited(true);
  }

  const problem = trajectoryProblem(payload, steps.length);
  function submit() {
    if (problem) return;
    void submitter.submit({ queueItemId: view.queueItemId, itemType: "trajectory", payload, pickedUserId: picked === null ? null : answers[picked]!.userId, shown: answers.map((a) => ({ userId: a.userId, annotationId: a.annotationId, version: a.version })) });
  }
  useAdjudicationKeys(answers.length, pick, submit);

  const origin = picked === null ? "" : ` (${t(isEdited ? "adjudication.answerOfEdited" : "adjudication.answerOf", { n: picked + 1, name: answers[picked]!.name })})`;
  const summary = payload.traceVerdict
    ? `${t("adjudication.trajectorySummary", { verdict: payload.traceVerdict, labeled: payload.steps.length, steps: steps.length })}${origin}`
    : t("adjudication.noneChosen");
  const verdicts = answers.map((a) => a.payload?.traceVerdict ?? null);
  const firstWrong = answers.map((a) => a.payload?.firstWrongStep ?? null);
  const cell = "border-b border-slate-200 px-2 py-1.5 align-top";
  const highlight = (isDifferent: boolean) => (isDifferent ? "bg-amber-50" : "");

  return (
    <div className="space-y-4">
      <section aria-label={t("adjudication.trajectory")} className="space-y-1">
        <h1 className="text-lg font-semibold">{trajectory.goal}</h1>
        <p className="text-xs text-slate-500">{trajectory.meta}</p>
      </section>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full min-w-[40rem] border-collapse text-sm" aria-label={t("adjudication.sideBySide")}>
          <thead className="bg-slate-50 text-left">
            <tr>
              <th scope="col" className="border-b border-slate-200 px-2 py-2 font-semibold">{t("adjudication.step")}</th>
              {answers.map((a, i) => (
                <th key={a.userId} scope="col" className="border-b border-slate-200 px-2 py-2 font-semibold">
                  <span className="flex items-center gap-1.5">
                    <span aria-hidden className="inline-block size-3 rounded-sm" style={{ backgroundColor: answerColor(i) }} />
                    {i + 1} · {a.name}
                    <button type="button" onClick={() => pick(i)} disabled={!a.payload} aria-label={t("adjudication.useAnswerOf", { n: i + 1, name: a.name })}
                      className={`ml-auto rounded border px-1.5 py-0.5 text-xs font-medium disabled:opacity-40 ${picked === i ? "border-blue-600 bg-blue-50 text-blue-900" : "border-slate-300 bg-white hover:bg-slate-100"}`}>
                      {t("adjudication.use")} <kbd className="font-mono">{i < 9 ? i + 1 : 0}</kbd>
                    </button>
                  </span>
                </th>
              ))}
              <th scope="col" className="w-40 border-b border-l border-slate-200 bg-blue-50 px-2 py-2 font-semibold text-blue-950">{t("adjudication.finalColumn")}</th>
            </tr>
          </thead>
          <tbody>
            <tr className={highlight(differs(verdicts))} data-differs={differs(verdicts) || undefined}>
              <th scope="row" className={`${cell} text-left font-medium`}>{t("adjudication.traceVerdict")}<Differs when={differs(verdicts)} /></th>
              {verdicts.map((v, i) => <td key={i} className={cell}>{v ? <Chip text={v} style={VERDICT_STYLE[v]} /> : <span className="text-xs text-slate-400">{t("common.none")}</span>}</td>)}
              <td className={`${cell} border-l bg-blue-50/40`}>
                <select aria-label={t("adjudication.finalTraceVerdict")} className={select} value={payload.traceVerdict ?? ""}
                  onChange={(e) => change({ ...payload, traceVerdict: e.target.value === "" ? null : (e.target.value as TraceVerdict) })}>
                  <option value="">{t("adjudication.choose")}</option>
                  {TRACE_VERDICTS.map((v) => <option key={v} value={v}>{v}</option>)}
                </select>
              </td>
            </tr>
            <tr className={highlight(differs(firstWrong))} data-differs={differs(firstWrong) || undefined}>
              <th scope="row" className={`${cell} text-left font-medium`}>{t("adjudication.firstWrongStep")}<Differs when={differs(firstWrong)} /></th>
              {firstWrong.map((v, i) => <td key={i} className={`${cell} text-xs`}>{v === null ? t("common.none") : t("adjudication.stepN", { n: v + 1 })}</td>)}
              <td className={`${cell} border-l bg-blue-50/40`}>
                <select aria-label={t("adjudication.finalFirstWrong")} className={select} value={payload.firstWrongStep ?? ""}
                  onChange={(e) => change({ ...payload, firstWrongStep: e.target.value === "" ? null : Number(e.target.value) })}>
                  <option value="">{t("common.none")}</option>
                  {steps.map((s) => <option key={s.index} value={s.index}>{t("adjudication.stepN", { n: s.index + 1 })}</option>)}
                </select>
              </td>
            </tr>
            {steps.map((step) => {
              const labels = byStep.map((m) => m.get(step.index));
              const isDifferent = differs(labels.map((l) => l?.label));
              return (
                <tr key={step.index} className={highlight(isDifferent)} data-differs={isDifferent || undefined}>
                  <th scope="row" className={`${cell} text-left font-normal`}>
                    <div className="flex items-start gap-2">
                      {step.mediaId ? (
                        <img src={`/api/media/${step.mediaId}?variant=thumb`} alt="" loading="lazy" className="h-12 w-auto max-w-20 shrink-0 rounded border border-slate-200 object-contain" />
                      ) : (
                        <span className="flex h-12 w-9 shrink-0 items-center justify-center rounded border border-dashed border-slate-300 text-[10px] text-slate-400">{t("adjudication.noImg")}</span>
                      )}
                      <div className="min-w-0">
                        <p className="font-medium">{t("adjudication.StepN", { n: step.index + 1 })}<Differs when={isDifferent} /></p>
                        <p className="max-w-64 truncate font-mono text-xs text-slate-600" title={step.action}>{step.action}</p>
                      </div>
                    </div>
                  </th>
                  {labels.map((label, i) => <td key={i} className={cell}><StepCell label={label} /></td>)}
                  <td className={`${cell} border-l bg-blue-50/40`}>
                    <select aria-label={t("adjudication.finalLabelOf", { n: step.index + 1 })} className={select} value={mine.get(step.index)?.label ?? ""}
                      onChange={(e) => change(withStepLabel(payload, step.index, e.target.value as StepLabelValue | ""))}>
                      <option value="">{t("adjudication.unlabeled")}</option>
                      {STEP_LABEL_VALUES.map((v) => <option key={v} value={v}>{v}</option>)}
                    </select>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_24rem]">
        <label className="block text-sm">
          {t("adjudication.note")} <span className="text-xs text-slate-500">{t("adjudication.noteHint")}</span>
          <textarea rows={2} value={payload.note ?? ""} onChange={(e) => setPayload({ ...payload, note: e.target.value.trim() ? e.target.value : null })}
            className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 text-sm" />
        </label>
        <AdjudicationSubmitBar state={submitter.state} problem={problem} summary={summary} listHref={listHref} onSubmit={submit} />
      </div>
    </div>
  );
}
