"use client";
// Adjudicating a grounding sample: every annotator's box over the screenshot in its own colour
// (dashed, read-only), a legend with each answer and how far it overlaps the others, and the
// final answer in the box editor: keys 1..N take an annotator's answer as it is, and the
// reviewer can then move or redraw the box or mark the target absent before resolving.
import { useState } from "react";
import { BoxEditorLazy } from "@/components/editor/box-editor-lazy";
import type { ReferenceBox } from "@/components/editor/reference-layer";
import { useT } from "@/components/i18n/i18n-provider";
import { AdjudicationSubmitBar } from "@/components/adjudication/adjudication-submit-bar";
import { answerColor } from "@/components/adjudication/answer-colors";
import { describeGroundingAnswer } from "@/components/adjudication/format-answer";
import { useAdjudicationKeys } from "@/components/adjudication/use-adjudication-keys";
import { useAdjudicationSubmit } from "@/components/adjudication/use-adjudication-submit";
import { groundingProblem, type GroundingPayload } from "@/lib/annotations/grounding-payload";
import type { EditorAnswer } from "@/lib/editor/state";
import type { SampleAdjudication } from "@/lib/queues/adjudication-view";

type Props = { projectId: string; listHref: string; view: SampleAdjudication };

const EMPTY: GroundingPayload = { targetAbsent: false, box: null, instructionRewrite: null, qualityScore: null, note: null };

function Overlaps({ overlaps, names }: { overlaps: (number | null)[]; names: string[] }) {
  const t = useT();
  const shown = overlaps.flatMap((value, j) => (value === null ? [] : [`${j + 1} ${names[j]}: ${value.toFixed(2)}`]));
  if (shown.length === 0) return null;
  return <p className="text-xs text-slate-600">{t("adjudication.iouWith", { list: shown.join(" · ") })}</p>;
}

export function GroundingAdjudication({ projectId, listHref, view }: Props) {
  const [payload, setPayload] = useState<GroundingPayload>(EMPTY);
  const [picked, setPicked] = useState<number | null>(null);
  const [isEdited, setEdited] = useState(false);
  const [loads, setLoads] = useState(0);
  const submitter = useAdjudicationSubmit(projectId);
  const t = useT();
  const { answers, sample } = view;
  const names = answers.map((a) => a.name);

  function pick(index: number) {
    const answer = answers[index]?.payload;
    if (!answer) return;
    setPayload({ ...EMPTY, targetAbsent: answer.targetAbsent, box: answer.box });
    setPicked(index);
    setEdited(false);
    setLoads(loads + 1);
  }

  function edit(answer: EditorAnswer) {
    setPayload({ ...payload, targetAbsent: answer.targetAbsent, box: answer.targetAbsent ? null : (answer.boxes[0]?.box ?? null) });
    setEdited(true);
  }

  const problem = groundingProblem(payload) === null ? null : t("adjudication.groundingProblem", { n: answers.length });
  function submit() {
    if (problem) return;
    void submitter.submit({ queueItemId: view.queueItemId, itemType: "sample", payload, pickedUserId: picked === null ? null : answers[picked]!.userId, shown: answers.map((a) => ({ userId: a.userId, annotationId: a.annotationId, version: a.version })) });
  }
  useAdjudicationKeys(answers.length, pick, submit);

  const references: ReferenceBox[] = answers.flatMap((a, i) =>
    a.payload?.box && !a.payload.targetAbsent ? [{ key: a.userId, label: `${i + 1} ${a.name}`, box: a.payload.box, color: answerColor(i) }] : [],
  );
  const origin =
    picked === null
      ? payloadIsSet(payload) ? t("adjudication.drawnByYou") : null
      : t(isEdited ? "adjudication.answerOfEdited" : "adjudication.answerOf", { n: picked + 1, name: answers[picked]!.name });
  const summary = payloadIsSet(payload) ? `${describeGroundingAnswer(payload, t)}${origin ? ` (${origin})` : ""}` : t("adjudication.noneChosen");

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div>
        {sample.image ? (
          <BoxEditorLazy
            imageUrl={sample.mediaId ? `/api/media/${sample.mediaId}` : null}
            image={sample.image}
            initial={{ image: sample.image, boxes: payload.box ? [{ id: "final", box: payload.box, label: t("grounding.reference.final") }] : [], targetAbsent: payload.targetAbsent }}
            loadKey={`${view.queueItemId}:${loads}`}
            references={references}
            maxBoxes={1}
            onChange={edit}
          />
        ) : (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
            {t("adjudication.imageMissing")}
          </p>
        )}
      </div>
      <aside className="space-y-4">
        <section aria-label={t("grounding.instruction")} className="space-y-1">
          <h1 className="text-lg font-semibold">{sample.instruction}</h1>
          <p className="text-xs text-slate-500">{sample.meta}</p>
        </section>
        <section aria-label={t("adjudication.answers")} className="space-y-2">
          <h2 className="text-sm font-semibold">{t("adjudication.answersCount", { count: answers.length })}</h2>
          <ol className="space-y-2">
            {answers.map((a, i) => (
              <li key={a.userId} className={`rounded-md border bg-white p-2 ${picked === i ? "border-blue-600 ring-1 ring-blue-600" : "border-slate-200"}`}>
                <div className="flex items-center gap-2">
                  <span aria-hidden className="inline-block size-3 shrink-0 rounded-sm" style={{ backgroundColor: answerColor(i) }} />
                  <span className="min-w-0 flex-1 truncate text-sm font-medium">{i + 1} · {a.name}</span>
                  <button type="button" onClick={() => pick(i)} disabled={!a.payload} aria-label={t("adjudication.useAnswerOf", { n: i + 1, name: a.name })}
                    className="rounded border border-slate-300 bg-white px-2 py-0.5 text-xs font-medium hover:bg-slate-50 disabled:opacity-40">
                    {t("adjudication.use")} <kbd className="font-mono">{i < 9 ? i + 1 : 0}</kbd>
                  </button>
                </div>
                <p className="mt-1 font-mono text-xs text-slate-800">{describeGroundingAnswer(a.payload, t)}</p>
                <Overlaps overlaps={a.overlaps} names={names} />
              </li>
            ))}
          </ol>
          <p className="text-xs text-slate-500">{t("adjudication.legend")}</p>
        </section>
        <label className="block text-sm">
          {t("adjudication.note")} <span className="text-xs text-slate-500">{t("adjudication.noteHint")}</span>
          <textarea rows={2} value={payload.note ?? ""} onChange={(e) => setPayload({ ...payload, note: e.target.value.trim() ? e.target.value : null })}
            className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 text-sm" />
        </label>
        <AdjudicationSubmitBar state={submitter.state} problem={problem} summary={summary} listHref={listHref} onSubmit={submit} />
      </aside>
    </div>
  );
}

function payloadIsSet(payload: GroundingPayload): boolean {
  return payload.targetAbsent || payload.box !== null;
}
