"use client";
// The grounding review screen: the box editor on the screenshot, the instruction and its
// rewrite, the model's predictions with hit/miss, the quality score and its overrides, and a
// save bar (drafts autosave, submit saves a version, conflicts are shown and resolved).
import Link from "next/link";
import { useEffect, useRef, useState, type CSSProperties } from "react";
import { KeptBoxEditor } from "@/components/editor/kept-box-editor";
import type { ReferenceBox } from "@/components/editor/reference-layer";
import { useT } from "@/components/i18n/i18n-provider";
import type { Translate } from "@/lib/i18n/translate";
import { postAnswerSave, useQueueClaim } from "@/components/queues/use-queue-claim";
import { useScreenshotTree } from "@/components/editor/use-screenshot-tree";
import { liveCorrectness } from "@/components/review/live-correctness";
import { PredictionCrops } from "@/components/review/prediction-crops";
import { PredictionList } from "@/components/review/prediction-list";
import { QualityPanel } from "@/components/review/quality-panel";
import { VersionedSaveBar } from "@/components/review/versioned-save-bar";
import { SwapLink } from "@/components/review/swap-link";
import { sampleAddress } from "@/components/review/sample-address";
import { useRemainingHeight } from "@/components/review/use-remaining-height";
import { useVersionedAutosave } from "@/components/review/use-versioned-autosave";
import { formatCoordinates } from "@/lib/i18n/format";
import type { AnswerSaveResult } from "@/lib/api/answer-save-reply";
import { groundingProblem, type GroundingPayload } from "@/lib/annotations/grounding-payload";
import type { Box } from "@/lib/domain/geometry";
import type { TierSettings } from "@/lib/domain/tiers";
import type { EditorAnswer } from "@/lib/editor/state";
import type { SampleReview } from "@/lib/samples/sample-review";
import type { GoTo } from "@/components/review/use-review-session";
import type { SampleScreen } from "@/lib/api/review-screens/sample-screen";

// The box as stored (formatCoordinates): a rounded one would not be what the API and exports hold.
// A rewrite is part of the answer (it reaches the pools), so two answers that differ only there read differently.
const summarizeGroundingAnswer = (t: Translate) => (p: GroundingPayload) => {
  const answer = p.targetAbsent ? t("grounding.summary.absent") : p.box ? t("grounding.summary.box", { box: formatCoordinates("en", p.box) }) : t("grounding.summary.noBox");
  return p.instructionRewrite ? t("grounding.summary.withRewrite", { answer, rewrite: p.instructionRewrite }) : answer;
};

// `screen.finalBox`: the verified final answer, drawn dashed under the editable box (reviewers
// only); `finalPayload`: reviewers on a settled item without an answer of their own start from
// it; `finalAnswerId`: the final answer this reviewer's screen was shown (null: none yet; absent:
// not a reviewer's screen), so a submit over a final someone else pinned since is refused with theirs.
// `go` shows another item (or page) at an address: the session's swap.
// `visit`: the session's count of shown screens; a new one loads the editor afresh, as a new page would.
type Props = { screen: SampleScreen; visit: number; go: GoTo };

function initialPayload(review: SampleReview, finalPayload: GroundingPayload | null): GroundingPayload {
  if (review.mine) return review.mine.payload;
  if (finalPayload) return { ...finalPayload, note: null };
  return { targetAbsent: review.target.targetAbsent, box: review.target.box, instructionRewrite: null, qualityScore: null, note: null };
}

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
}

const FINAL_COLOR = "#047857";
const IMPORTED_COLOR = "#64748b";

/** The box the item had before this edit, kept visible (dimmed) while drawing a new one. */
function originalReference(t: Translate, review: SampleReview, finalBox: Box | null): ReferenceBox[] {
  if (finalBox) return [{ key: "final", label: t("grounding.reference.final"), box: finalBox, color: FINAL_COLOR }];
  if (review.target.box) return [{ key: "imported", label: t("grounding.reference.imported"), box: review.target.box, color: IMPORTED_COLOR, dim: true }];
  return [];
}

export function GroundingReview({ screen, visit, go }: Props) {
  const { project, review, tiers, canOverride, query, neighbours, finalBox, finalPayload, isSettled, finalAnswerId } = screen;
  const t = useT();
  const [payload, setPayload] = useState<GroundingPayload>(() => initialPayload(review, finalPayload));
  const [loadKey, setLoadKey] = useState(`${visit}:${review.id}:${review.mine?.version ?? 0}`);
  const queueClaim = useQueueClaim(project.id, screen.queueStep);
  const autosave = useVersionedAutosave<GroundingPayload>(
    (input) => postAnswerSave<AnswerSaveResult<GroundingPayload>>(`/api/projects/${encodeURIComponent(project.id)}/samples/${encodeURIComponent(review.id)}/answer`, input, queueClaim),
    review.mine,
    finalAnswerId,
  );
  const base = `/projects/${project.slug}/samples`;
  const nextUrl = sampleAddress(screen, neighbours.next);
  const uiTree = useScreenshotTree(project.id, review.uiTreeStepId, review.image);
  const workspace = useRemainingHeight();

  function update(changes: Partial<GroundingPayload>) {
    const next = { ...payload, ...changes };
    setPayload(next);
    autosave.changed(next);
  }

  // One submit at a time: a second Ctrl+Enter while the first is on its way does nothing.
  const submitting = useRef(false);
  const rewriteRef = useRef<HTMLTextAreaElement>(null);
  async function submit() {
    // On its way to the queue's next item, the answer is in: a second Ctrl+Enter saves nothing.
    if (submitting.current || queueClaim?.leaving || groundingProblem(payload)) return;
    submitting.current = true;
    try {
      if (!(await autosave.save(payload, "submitted"))) return;
      if (queueClaim) queueClaim.moveOn(go);
      else go(nextUrl);
    } finally {
      submitting.current = false;
    }
  }

  // The keys below, for the editor's "?" overlay (which lists the editor's own first).
  const screenKeys = [
    { keys: "Ctrl+Enter", does: canOverride && isSettled ? t("review.keys.submitRevision") : t("review.keys.submitNext") },
    { keys: "j / ]", does: t("review.keys.next") },
    { keys: "k / [", does: t("review.keys.previous") },
  ];

  // Page-level keys (the editor handles its own while it has focus).
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if ((event.ctrlKey || event.metaKey) && event.key === "Enter") {
        event.preventDefault();
        // A held Ctrl+Enter repeats: it would submit the next item before anyone saw it.
        if (!event.repeat) void submit();
        return;
      }
      if (isTyping(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      if ((event.key === "]" || event.key === "j") && neighbours.next) go(sampleAddress(screen, neighbours.next));
      if ((event.key === "[" || event.key === "k") && neighbours.previous) go(sampleAddress(screen, neighbours.previous));
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  const editorInitial = {
    image: review.image ?? { width: 1, height: 1 },
    boxes: payload.box ? [{ id: "target", box: payload.box, label: t("editor.targetBoxLabel") }] : [],
    targetAbsent: payload.targetAbsent,
  };
  // The stored correctness is judged against the effective target (the accepted final answer,
  // else the imported box); while the answer differs from it, each model is also judged
  // against the answer (issue 36, item 23), and the canvas colours the points by that.
  const judgedTarget = finalPayload ? { targetAbsent: finalPayload.targetAbsent, box: finalPayload.targetAbsent ? null : finalPayload.box } : review.target;
  const live = liveCorrectness(review.predictions, { targetAbsent: payload.targetAbsent, box: payload.targetAbsent ? null : payload.box }, judgedTarget);
  const predictions = review.predictions
    .filter((p) => p.kind === "point")
    .map((p) => {
      const judgement = live?.get(p.id) ?? p.correctness;
      return { label: p.model, x: p.x!, y: p.y!, hit: judgement === null ? null : judgement === "correct" };
    });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {/* Not prefetched: the list at 1M items is a server render that competed with the next item's read ahead. */}
        <Link href={`${base}${query}`} prefetch={false} className="text-sm text-blue-700 hover:underline">{t("grounding.backToSamples", { project: project.name })}</Link>
        <nav className="flex gap-3 text-sm" aria-label={t("grounding.navigation")}>
          {neighbours.previous ? <SwapLink href={sampleAddress(screen, neighbours.previous)} go={go} className="text-blue-700 hover:underline">{t("grounding.previous")} [k]</SwapLink> : <span className="text-slate-400">{t("grounding.previous")}</span>}
          {neighbours.next ? <SwapLink href={sampleAddress(screen, neighbours.next)} go={go} className="text-blue-700 hover:underline">{t("grounding.next")} [j] →</SwapLink> : <span className="text-slate-400">{t("grounding.next")} →</span>}
        </nav>
      </div>
      {/* The workspace: the editor takes the width and the height left on screen; beside it the
          answer's other parts scroll on their own with Submit pinned at their foot, so labelling
          and submitting never needs the page to scroll (at 1280x720 too). One column below lg:
          there the page scrolls and the editor keeps its own height. */}
      <div ref={workspace.ref} data-testid="grounding-workspace" className="grid gap-4 lg:h-(--workspace-height) lg:grid-cols-[minmax(0,1fr)_22rem]" style={workspace.height ? ({ "--workspace-height": `${workspace.height}px` } as CSSProperties) : undefined}>
        <div className="min-h-0">
          {review.image ? (
            <KeptBoxEditor
              imageUrl={review.mediaId ? `/api/media/${review.mediaId}` : null}
              image={review.image}
              initial={editorInitial}
              loadKey={loadKey}
              predictions={predictions}
              references={originalReference(t, review, finalBox)}
              uiTree={uiTree}
              maxBoxes={1}
              fillHeight
              screenKeys={screenKeys}
              onChange={(answer: EditorAnswer) => update({ targetAbsent: answer.targetAbsent, box: answer.targetAbsent ? null : (answer.boxes[0]?.box ?? null) })}
            />
          ) : (
            <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
              {t("grounding.imageMissing", { ref: review.imageRef ?? t("grounding.noReference") })}
            </p>
          )}
        </div>
        <aside className="flex min-h-0 flex-col rounded-lg border border-slate-200 bg-white">
          <div className="min-h-0 flex-1 space-y-5 overflow-y-auto p-3">
          <section aria-label={t("grounding.instruction")} className="space-y-2">
            <h1 className="text-lg font-semibold" lang={review.language ?? undefined}>{review.instruction}</h1>
            <p className="text-xs text-slate-500">{[review.language, review.platform, review.app, review.uiType, review.source].filter(Boolean).join(" · ")}</p>
            <label className="block text-sm font-medium">
              {t("grounding.rewrite")} <span className="font-normal text-slate-500">{t("grounding.rewriteHint")}</span>
              <textarea ref={rewriteRef} value={payload.instructionRewrite ?? ""} rows={2} onChange={(e) => update({ instructionRewrite: e.target.value.trim() ? e.target.value : null })}
                className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm font-normal" />
            </label>
          </section>
          <section aria-label={t("grounding.predictions")} className="space-y-2">
            <h2 className="text-sm font-semibold">{t("grounding.predictions")}</h2>
            <PredictionList predictions={review.predictions} live={live} />
          </section>
          <QualityPanel projectId={project.id} verdicts={review.verdicts} ownScore={payload.qualityScore} onOwnScore={(qualityScore) => update({ qualityScore })} tiers={tiers} canOverride={canOverride} stored={review.derived}
            currentRewrite={payload.instructionRewrite} canDismiss={canOverride}
            onUseRewrite={(text, edit) => {
              update({ instructionRewrite: text });
              if (edit) requestAnimationFrame(() => rewriteRef.current?.focus());
            }} />
          </div>
          <div className="shrink-0 border-t border-slate-200 p-3" data-testid="grounding-submit-area">
          <VersionedSaveBar
            state={autosave.state}
            problem={groundingProblem(payload)}
            summarize={summarizeGroundingAnswer(t)}
            onSubmit={() => void submit()}
            submitLabel={canOverride && isSettled ? t("review.submitRevision") : t("review.submitNext")}
            onKeepMine={() => {
              if (autosave.state.kind !== "conflict") return;
              const theirs = autosave.state.theirs;
              autosave.resolve(theirs);
              // Over another reviewer's final answer, "mine" is a submit: it replaces theirs.
              if (theirs?.final) void submit();
              else void autosave.save(payload, "draft");
            }}
            onTakeTheirs={() => {
              if (autosave.state.kind !== "conflict") return;
              const theirs = autosave.state.theirs;
              autosave.resolve(theirs);
              if (theirs) {
                setPayload(theirs.payload);
                setLoadKey(`${visit}:${review.id}:${theirs.version}`);
              }
            }}
          />
          </div>
        </aside>
      </div>
      {review.image && review.mediaId && (
        <PredictionCrops mediaId={review.mediaId} image={review.image} box={finalBox ?? review.target.box} predictions={review.predictions}
          edited={live ? { box: payload.targetAbsent ? null : payload.box, live } : null} />
      )}
    </div>
  );
}
