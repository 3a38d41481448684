"use client";
// The trajectory review screen: filmstrip, the current screenshot with its action drawn on
// it, the agent's thought and output, step labels and the trace verdict on keys, verdicts with
// overrides, live mismatch flags, and a save bar (drafts autosave, submit saves a version and
// moves on, conflicts are explained). The answer is the only edited state; the stored derived
// values (automatic outcome, flags) come from the server, and the flags the answer would give
// are previewed from it on every render. On wide windows the screen is the window
// (use-fill-window.ts): the strip of steps in a column, the screenshot taking the rest of the
// height with zoom and pan (at the project's remembered zoom level), the label column
// scrolling on its own with the trace verdict and Submit pinned at its foot, so all of it is
// in reach at 1280x720 without scrolling the page. A phone screenshot has the agent's words
// beside it; a wide one has the whole middle column and its words in the label column.
// When the source kept the screen after the last action, it is the strip's last frame.
import Link from "next/link";
import { useEffect, useRef, useState, type CSSProperties } from "react";
import { useT } from "@/components/i18n/i18n-provider";
import { useFillWindow } from "@/components/trajectory-review/use-fill-window";
import { fetchAhead } from "@/components/editor/decoded-images";
import { afterNextPaint } from "@/components/review/after-next-paint";
import { FrameCaption, FrameNote, type Frame, type ZoomControls } from "@/components/trajectory-review/step-screenshot";
import { AgentOutputPanel } from "@/components/trajectory-review/agent-output-panel";
import { Filmstrip } from "@/components/trajectory-review/filmstrip";
import { HelpOverlay } from "@/components/trajectory-review/help-overlay";
import { LabelPanel } from "@/components/trajectory-review/label-panel";
import { liveFlags } from "@/components/trajectory-review/live-flags";
import * as edit from "@/components/trajectory-review/payload-edits";
import type { Command } from "@/components/trajectory-review/shortcuts";
import { StepDetails } from "@/components/trajectory-review/step-details";
import { StepScreenshot } from "@/components/trajectory-review/step-screenshot";
import { SubGoalChecklist } from "@/components/trajectory-review/sub-goal-checklist";
import { cycleSubGoal } from "@/components/trajectory-review/sub-goal-edits";
import { ScreenshotChoice } from "@/components/trajectory-review/screenshot-choice";
import { StepObservation } from "@/components/trajectory-review/step-observation";
import { TracePanel } from "@/components/trajectory-review/trace-panel";
import { TrajectoryHeader } from "@/components/trajectory-review/trajectory-header";
import { VersionedSaveBar } from "@/components/review/versioned-save-bar";
import { summarizeTrajectoryAnswer } from "@/components/trajectory-review/answer-summary";
import { useReviewKeys } from "@/components/trajectory-review/use-review-keys";
import { useZoomMemory } from "@/components/trajectory-review/use-zoom-memory";
import { postAnswerSave, useQueueClaim } from "@/components/queues/use-queue-claim";
import { useVersionedAutosave } from "@/components/review/use-versioned-autosave";
import type { AnswerSaveResult } from "@/lib/api/answer-save-reply";
import { treeKey, useUiTree, type TreeView } from "@/components/trajectory-review/use-ui-tree";
import { useTreeSelection } from "@/components/trajectory-review/use-tree-selection";
import { treeFitText } from "@/components/editor/tree-fit-text";
import { UiTreePanel } from "@/components/trajectory-review/ui-tree-panel";
import { VerdictList } from "@/components/trajectory-review/verdict-list";
import { trajectoryProblemOf, type TrajectoryPayload } from "@/lib/domain/trajectory-payload";
import { problemText } from "@/components/trajectory-review/problem-text";
import type { GoTo } from "@/components/review/use-review-session";
import type { TrajectoryScreen } from "@/lib/api/review-screens/trajectory-screen";
import { SwapLink } from "@/components/review/swap-link";
import { firstUnlabeled, startingPayload, submitTarget, trajectoryAddress } from "@/components/trajectory-review/trajectory-screen-start";

// The screen's data (lib/api/review-screens/trajectory-screen.ts): `neighbours.nextToReview` is
// the next one not settled (reviewers) or not answered by the viewer (annotators); reviewers on a
// settled trajectory without an answer of their own start from its `finalPayload`;
// `finalAnswerId` is the final answer this reviewer's screen was shown (null: none yet; absent:
// not a reviewer's screen), so a submit over a final someone else pinned since is refused with
// theirs. `go` shows another item (or page) at an address: the session's swap.
type Props = { screen: TrajectoryScreen; go: GoTo };

export function TrajectoryReviewScreen({ screen, go }: Props) {
  const { project, review, canOverride, query, neighbours, isSettled, finalAnswerId } = screen;
  const steps = review.steps;
  const [payload, setPayload] = useState<TrajectoryPayload>(() => startingPayload(screen));
  const [index, setIndex] = useState(() => firstUnlabeled(payload, steps.length));
  const [isPointMode, setPointMode] = useState(false);
  const [isHelpOpen, setHelpOpen] = useState(false);
  const [isRawOpen, setRawOpen] = useState(false);
  const [isOverlayShown, setOverlayShown] = useState(true);
  const [isNoteShown, setNoteShown] = useState(true);
  const [isChangeShown, setChangeShown] = useState(true);
  const zoom = useRef<ZoomControls>(null);
  const t = useT();
  const workspace = useFillWindow();
  const [isTreeOpen, setTreeOpen] = useState(false);
  const [treeView, setTreeView] = useState<TreeView>("dump");
  const [subGoalIndex, setSubGoalIndex] = useState(0);
  const [isMarksShown, setMarksShown] = useState(false);
  const [isOutputOpen, setOutputOpen] = useState(true);
  const zoomMemory = useZoomMemory(project.id);
  const textInput = useRef<HTMLInputElement>(null);
  const elementSearch = useRef<HTMLInputElement>(null);
  const queueClaim = useQueueClaim(project.id, screen.queueStep);
  const autosave = useVersionedAutosave<TrajectoryPayload>(
    (input) => postAnswerSave<AnswerSaveResult<TrajectoryPayload>>(`/api/projects/${encodeURIComponent(project.id)}/trajectories/${encodeURIComponent(review.id)}/answer`, input, queueClaim),
    review.mine,
    finalAnswerId,
  );
  const uiTree = useUiTree(project.id);

  const base = `/projects/${project.slug}/trajectories`;
  const hrefOf = (id: string | null) => (id ? trajectoryAddress(screen, id) : null);
  const nextHref = hrefOf(neighbours.next);
  const previousHref = hrefOf(neighbours.previous);
  const step = steps[index];
  // The frame after the last step: the final screen, when the source kept it.
  const isFinal = !step && !!review.endScreen && index === steps.length;
  const frameCount = steps.length + (review.endScreen ? 1 : 0);
  // Key m shows the copy with the agent's set-of-marks labels in place of the clean screenshot,
  // in the clean one's pixel space: actions are drawn, and corrected points picked, in the
  // coordinates of the step's own screenshot even if the labelled copy was saved at another size.
  const shownStep = step && isMarksShown && step.overlay ? { ...step, media: step.media ? { ...step.media, id: step.overlay.id } : step.overlay } : step;
  const hasObservations = steps.some((s) => s.observation);
  const label = edit.labelOf(payload, index);
  const flags = liveFlags(payload, review, review.verdicts);
  const problem = problemText(t, trajectoryProblemOf(payload, steps.length));
  // The agent's view is offered where it was stored; elsewhere the dump is shown.
  const viewOf = (s: (typeof steps)[number] | undefined): TreeView => (treeView === "agent" && s?.hasAgentTree ? "agent" : "dump");
  const stepTree = step?.hasUiTree ? uiTree.trees[treeKey(step.id, viewOf(step))] : undefined;
  // Selection belongs to one tree: another step or the other view starts with none.
  const treeSelection = useTreeSelection(step ? treeKey(step.id, viewOf(step)) : undefined, stepTree, step?.media ?? null);
  const snapBounds = edit.isPointAction(step?.action ?? null) ? treeSelection.selectedNode?.bounds ?? null : null;

  function snapToSelected() {
    if (!step || !snapBounds || !edit.isPointAction(step.action)) return;
    update(edit.setCorrection(payload, index, edit.snapCorrection(step.action, snapBounds)));
    setPointMode(false);
  }

  function update(next: TrajectoryPayload) {
    setPayload(next);
    autosave.changed(next);
  }

  function goTo(i: number) {
    const target = Math.min(frameCount - 1, Math.max(0, i));
    setIndex(target);
    setPointMode(false);
    if (isTreeOpen && steps[target]?.hasUiTree) void uiTree.load(steps[target].id, viewOf(steps[target]));
  }

  function toggleTree() {
    if (!isTreeOpen && step?.hasUiTree) void uiTree.load(step.id, viewOf(step));
    setTreeOpen(!isTreeOpen);
  }

  function chooseTreeView(view: TreeView) {
    setTreeView(view);
    if (step?.hasUiTree) void uiTree.load(step.id, view === "agent" && step.hasAgentTree ? "agent" : "dump");
  }

  function leave(href: string) {
    autosave.flush();
    go(href);
  }

  // One submit at a time: a second Ctrl+Enter while the first is on its way does nothing.
  const submitting = useRef(false);
  async function submit() {
    // On its way to the queue's next item, the answer is in: a second Ctrl+Enter saves nothing.
    if (problem || submitting.current || queueClaim?.leaving) return;
    submitting.current = true;
    try {
      if (!(await autosave.save(payload, "submitted"))) return;
      if (queueClaim) queueClaim.moveOn(go);
      else go(trajectoryAddress(screen, submitTarget(screen)));
    } finally {
      submitting.current = false;
    }
  }

  // On the final screen there is no action: the step commands have nothing to act on.
  const STEP_ONLY: ReadonlySet<Command["kind"]> = new Set(["label", "clearLabel", "restCorrect", "errorKind", "firstWrong", "snap", "pointMode", "editText", "acceptNoEffect"]);

  function run(command: Command) {
    if (!step && STEP_ONLY.has(command.kind)) return;
    switch (command.kind) {
      case "label":
        update(edit.setLabel(payload, index, command.label));
        if (command.label === "correct") goTo(index + 1);
        return;
      case "clearLabel": return update(edit.clearLabel(payload, index));
      case "restCorrect":
        // The unlabeled steps from here to the last are correct; the view goes to the last step.
        update(edit.labelRestCorrect(payload, index, steps.length));
        return goTo(steps.length - 1);
      case "errorKind": {
        // Giving an error kind moves on as "c" does; taking one back (the same digit) stays.
        const takingBack = label?.errorKind === command.errorKind;
        update(edit.toggleErrorKind(payload, index, command.errorKind));
        if (!takingBack) goTo(index + 1);
        return;
      }
      case "firstWrong": return update(edit.toggleFirstWrong(payload, index));
      case "trace": return update(edit.setTrace(payload, command.verdict));
      case "subGoal": {
        const goals = review.subGoals;
        if (goals.length === 0) return;
        if (command.action === "next") return setSubGoalIndex((subGoalIndex + 1) % goals.length);
        return update(cycleSubGoal(payload, goals[subGoalIndex % goals.length]!.key));
      }
      case "step": {
        const to = { next: index + 1, previous: index - 1, first: 0, last: steps.length - 1 }[command.to];
        return goTo(to);
      }
      case "trajectory": {
        const href = command.to === "next" ? nextHref : previousHref;
        if (href) leave(href);
        return;
      }
      case "snap": return snapToSelected();
      case "pointMode": return setPointMode(!isPointMode && edit.isPointAction(step?.action ?? null) && !!step?.media);
      case "editText":
        textInput.current?.focus();
        textInput.current?.select();
        return;
      case "raw": return setRawOpen(!isRawOpen);
      case "overlay": return setOverlayShown(!isOverlayShown);
      case "notes": return setNoteShown(!isNoteShown);
      case "changes": return setChangeShown(!isChangeShown);
      case "zoom": {
        const controls = zoom.current;
        if (!controls) return;
        return command.to === "in" ? controls.zoomIn() : command.to === "out" ? controls.zoomOut() : controls.fit();
      }
      case "acceptNoEffect":
        if (step?.noVisibleEffect && label?.errorKind !== "redundant") update(edit.toggleErrorKind(payload, index, "redundant"));
        return;
      case "marks": return setMarksShown(!isMarksShown);
      case "findElement": return elementSearch.current?.focus();
      case "tree": return toggleTree();
      case "submit": return void submit();
      case "help": return setHelpOpen(!isHelpOpen);
      case "escape":
        setHelpOpen(false);
        setPointMode(false);
    }
  }

  useReviewKeys(isHelpOpen, run);

  // The screenshots a step key shows next, fetched once the step is painted. Neighbouring steps
  // often share one (the screen did not change): each is fetched once. Not <link rel=prefetch>:
  // React hoists those into <head> and matched them there on every new item, a few ms of each
  // swap (Chromium's profile of a queue swap).
  const nextFrameMedia = index + 1 === steps.length ? review.endScreen?.media?.id : steps[index + 1]?.media?.id;
  const prefetchIds = [...new Set([steps[index - 1]?.media?.id, nextFrameMedia, step?.overlay?.id])].filter((id): id is string => !!id);
  const prefetchKey = prefetchIds.join(" ");
  useEffect(() => afterNextPaint(() => prefetchKey.split(" ").forEach((id) => id && fetchAhead(`/api/media/${id}`))), [prefetchKey]);
  const nav = "text-blue-800 hover:underline";

  const frameMedia = step ? step.media : review.endScreen?.media;
  // A phone screenshot leaves room beside it: what the frame is, the action's words and the
  // agent's output go there, and the screenshot keeps the whole height.
  const isPortrait = !!frameMedia && frameMedia.height > frameMedia.width;
  const frame: Frame = step ? { kind: "step", step: shownStep! } : { kind: "final", media: review.endScreen?.media ?? null, imageRef: review.endScreen?.imageRef ?? "", stepCount: steps.length };
  const corrected = label?.correctedAction ?? null;
  const details = step && (
    <>
      <StepDetails step={step} isRawOpen={isRawOpen} onRawToggle={setRawOpen} isTreeOpen={isTreeOpen} onTreeToggle={toggleTree}
        tree={step.hasUiTree ? stepTree : { kind: "missing" }} treeView={viewOf(step)} onTreeView={chooseTreeView}
        treePanel={treeSelection.fitted && stepTree?.kind === "loaded" && (
          <UiTreePanel key={treeKey(step.id, viewOf(step))} tree={treeSelection.fitted.tree} note={treeFitText(t, treeSelection.fitted.note)} nodeCount={treeSelection.nodeCount} rawText={stepTree.text}
            selectedId={treeSelection.selectedId} reveal={treeSelection.reveal} onHover={treeSelection.hover} onSelect={treeSelection.select}
            snap={snapBounds ? { label: t("trajectory.tree.snap"), onSnap: snapToSelected } : null} />
        )} />
      {hasObservations && <StepObservation stepIndex={index} observation={step.observation} action={step.action} searchInput={elementSearch} />}
    </>
  );

  return (
    <div ref={workspace.ref} style={{ "--workspace-top": `${workspace.top}px`, "--workspace-below": `${workspace.below + 8}px` } as CSSProperties}
      className="flex flex-col gap-2 lg:mx-[calc(50%-50vw+1rem)] lg:h-[calc(100dvh-var(--workspace-top)-var(--workspace-below))] lg:min-h-[30rem]">
      <TrajectoryHeader review={review} slug={project.slug} liveFlags={payload.traceVerdict ? flags : null}
        navigation={
          <nav className="flex shrink-0 items-center gap-3 text-sm" aria-label={t("trajectory.nav")}>
            {/* Not prefetched: the list at 1M items is a server render that competed with the next item's read ahead. */}
            <Link href={`${base}${query}`} prefetch={false} className={nav} title={t("trajectory.nav.listOf", { project: project.name })}>{t("trajectory.nav.list")}</Link>
            {previousHref ? <SwapLink href={previousHref} go={go} className={nav} onLeave={() => autosave.flush()}>{t("trajectory.nav.previous")} [</SwapLink> : <span className="text-slate-400">{t("trajectory.nav.previous")}</span>}
            {nextHref ? <SwapLink href={nextHref} go={go} className={nav} onLeave={() => autosave.flush()}>{t("trajectory.nav.next")} ] →</SwapLink> : <span className="text-slate-400">{t("trajectory.nav.next")} →</span>}
            <button type="button" onClick={() => setHelpOpen(true)} className="rounded border border-slate-300 bg-white px-2 py-0.5 hover:bg-slate-50">{t("trajectory.nav.shortcuts")} <kbd className="font-mono">?</kbd></button>
          </nav>
        } />
      {steps.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">{t("trajectory.noSteps")}</p>
      ) : (
        <div className="grid min-h-0 flex-1 gap-3 lg:grid-cols-[7rem_minmax(0,1fr)_22rem]">
          <Filmstrip steps={steps} endScreen={review.endScreen} current={index} labels={new Map(payload.steps.map((s) => [s.stepIndex, s.label]))} firstWrongStep={payload.firstWrongStep} onSelect={goTo} />
          {/* A phone screenshot leaves room beside it: the agent's words go there. A wide one
              takes the whole column, width and height; its words are in the label column
              beside it, in a panel that folds (issue 36, item 20: under it they left a
              1024x768 step 312 px wide at 1280x720). */}
          <div className={`min-h-0 min-w-0 ${isPortrait ? "grid gap-3 md:grid-cols-[minmax(0,1fr)_minmax(15rem,22rem)]" : "flex flex-col"}`}>
            <div className={`flex min-h-0 min-w-0 flex-col gap-1.5 ${isPortrait ? "h-[75vh] lg:h-auto" : "h-[70vh] lg:h-auto lg:flex-1"}`}>
              <div className="min-h-0 flex-1" data-testid="screenshot-column">
                <StepScreenshot zoom={zoom} zoomMemory={zoomMemory} frame={frame} isCaptionShown={!isPortrait}
                  captionExtra={step && <ScreenshotChoice hasLabelled={!!step.overlay} isLabelledShown={isMarksShown} onChange={setMarksShown} />}
                  corrected={corrected} isPointMode={isPointMode} isOverlayShown={isOverlayShown} isNoteShown={isNoteShown} isChangeShown={isChangeShown}
                  onPoint={(x, y) => {
                    if (step && edit.isPointAction(step.action)) update(edit.setCorrection(payload, index, edit.pointCorrection(step.action, x, y)));
                    setPointMode(false);
                  }}
                  outlines={isTreeOpen ? treeSelection.outlines : []}
                  onPick={isTreeOpen && treeSelection.fitted ? treeSelection.pick : undefined} />
              </div>
            </div>
            {isPortrait ? (
              <div className="min-h-0 min-w-0 space-y-3 overflow-y-auto pr-1">
                <FrameCaption frame={frame} corrected={corrected} isOverlayShown={isOverlayShown} isChangeShown={isChangeShown} as="div"
                  extra={step && <ScreenshotChoice hasLabelled={!!step.overlay} isLabelledShown={isMarksShown} onChange={setMarksShown} />} />
                <FrameNote frame={frame} isNoteShown={isNoteShown} />
                {details}
              </div>
            ) : null}
          </div>
          <aside className="flex min-h-0 flex-col gap-3" aria-label={t("trajectory.aside")}>
            <div className="min-h-0 flex-1 space-y-3 overflow-y-auto pr-1">
              {step ? (
                <LabelPanel stepIndex={index} action={step.action} label={label} isFirstWrong={payload.firstWrongStep === index} isPointMode={isPointMode} textInput={textInput}
                  onLabel={(value) => run({ kind: "label", label: value })} onErrorKind={(kind) => update(edit.toggleErrorKind(payload, index, kind))}
                  onCorrection={(action) => update(edit.setCorrection(payload, index, action))} onPointMode={() => run({ kind: "pointMode" })} onFirstWrong={() => run({ kind: "firstWrong" })}
                  noEffect={step.noVisibleEffect ? { agreement: step.screenChange?.agreement ?? null } : null} onAcceptNoEffect={() => run({ kind: "acceptNoEffect" })} />
              ) : (
                <p className="rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-700" data-testid="final-screen-note">{t("trajectory.final.note")}</p>
              )}
              {!isPortrait && details && <AgentOutputPanel isOpen={isOutputOpen} onToggle={setOutputOpen}>{details}</AgentOutputPanel>}
              {review.subGoals.length > 0 && (
                <SubGoalChecklist goals={review.subGoals} payload={payload} selected={subGoalIndex} onSelect={setSubGoalIndex} onCycle={(key) => update(cycleSubGoal(payload, key))} />
              )}
              <VerdictList title={t("trajectory.verdicts.trajectory")} projectId={project.id} verdicts={review.verdicts} canOverride={canOverride} empty={t("trajectory.verdicts.trajectoryNone")} />
              {step && <VerdictList title={t("trajectory.verdicts.step", { step: index + 1 })} projectId={project.id} verdicts={step.verdicts} canOverride={canOverride} empty={t("trajectory.verdicts.stepNone")} />}
            </div>
            <div className="shrink-0 space-y-2">
              <TracePanel payload={payload} stepCount={steps.length} labeledCount={payload.steps.length} onVerdict={(v) => run({ kind: "trace", verdict: v })}
                onGoToStep={goTo} onNote={(note) => update({ ...payload, note })} />
              <VersionedSaveBar state={autosave.state} problem={problem} summarize={(p) => summarizeTrajectoryAnswer(t, p)} onSubmit={() => void submit()}
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
                  autosave.resolve(autosave.state.theirs);
                  if (autosave.state.theirs) setPayload(autosave.state.theirs.payload);
                }} />
            </div>
          </aside>
        </div>
      )}
      {isHelpOpen && <HelpOverlay onClose={() => setHelpOpen(false)} />}
    </div>
  );
}
