// What the trajectory is (goal, benchmark, app, model, run, GRPO group), what the machines
// said about it (the automatic outcome as reported, and after overrides; the agent's own finish
// claim), its stored mismatch flags (what lists, filters and exports see), and for reviewers
// its verified verdict, reward and advantage. Beside the stored flags, the flags the answer
// being edited would give once it is the final answer.
import Link from "next/link";
import type { ReactNode } from "react";
import { useLocale, useT } from "@/components/i18n/i18n-provider";
import type { MismatchFlag } from "@/lib/domain/mismatch-flags";
import { formatNumber } from "@/lib/i18n/format";
import { flagLabel, flagWhy } from "@/lib/i18n/labels";
import type { PlainKey } from "@/lib/i18n/translate";
import type { TrajectoryReview } from "@/lib/trajectories/trajectory-review";
import { rolloutsText } from "@/components/projects/count-words";

type Props = { review: TrajectoryReview; slug: string; liveFlags: MismatchFlag[] | null; navigation: ReactNode };

function Outcome({ value, testId }: { value: boolean | null; testId?: string }) {
  const t = useT();
  const [text, style] = value === null ? [t("verdict.unknown"), "bg-slate-200 text-slate-800"] : value ? [t("verdict.success"), "bg-emerald-100 text-emerald-900"] : [t("verdict.failure"), "bg-red-100 text-red-900"];
  return <span data-testid={testId} className={`rounded px-1.5 py-0.5 text-xs font-semibold ${style}`}>{text}</span>;
}

const SOURCE_KEYS: Record<string, PlainKey> = { rule: "trajectory.header.source.rule", judge: "trajectory.header.source.judge", source: "trajectory.header.source.file" };
const HUMAN_VERDICT_KEYS: Record<string, PlainKey> = { success: "verdict.success", failure: "verdict.failure", unsure: "verdict.unsure" };

function Flags({ flags, label, testId }: { flags: MismatchFlag[]; label: string; testId: string }) {
  const t = useT();
  return (
    <ul className="flex flex-wrap items-center gap-1" aria-label={label} data-testid={testId}>
      <li className="text-xs text-slate-500">{label}:</li>
      {flags.length === 0 && <li className="text-xs text-slate-500">{t("trajectory.header.noFlags")}</li>}
      {flags.map((flag) => (
        <li key={flag} title={flagWhy(t, flag)} className="rounded-full border border-orange-300 bg-orange-100 px-2 py-0.5 text-xs font-medium text-orange-900">
          ⚑ {flagLabel(t, flag)}
        </li>
      ))}
    </ul>
  );
}

const sameFlags = (a: MismatchFlag[], b: MismatchFlag[]) => a.join(",") === b.join(",");
const signed = (locale: ReturnType<typeof useLocale>, n: number) => `${n >= 0 ? "+" : ""}${formatNumber(locale, n, { minimumFractionDigits: 3, maximumFractionDigits: 3 })}`;

// Compact: the goal on at most two lines, the facts, outcomes and flags on one wrapping row of
// small text, so the screenshot below keeps the window's height.
export function TrajectoryHeader({ review, slug, liveFlags, navigation }: Props) {
  const changedUnderOverride = [...review.verdicts, ...review.steps.flatMap((s) => s.verdicts)].filter((v) => v.overrideOutdated).length;
  const t = useT();
  const locale = useLocale();
  const facts: [PlainKey, string | null][] = [
    ["trajectory.header.benchmark", review.benchmark],
    ["trajectory.header.app", review.app],
    ["trajectory.header.model", review.model],
    ["trajectory.header.run", review.run?.name ?? null],
    ["trajectory.header.source", review.source],
  ];
  const d = review.derived;
  const overridden = review.effectiveAutoOutcome !== review.autoOutcome;
  return (
    <header className="shrink-0 space-y-1">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <h1 className="line-clamp-2 min-w-0 flex-1 text-base font-semibold break-words text-slate-900" title={review.goal}>{review.goal}</h1>
        {navigation}
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs">
        <dl className="contents">
          {facts.filter(([, v]) => v).map(([name, value]) => (
            <div key={name} className="flex min-w-0 gap-1">
              <dt className="text-slate-500">{t(name)}</dt>
              <dd className="font-medium break-all text-slate-800">{value}</dd>
            </div>
          ))}
          {review.groupKey && (
            <div className="flex gap-1">
              <dt className="text-slate-500">{t("trajectory.header.group")}</dt>
              <dd>
                {d ? (
                  <Link href={`/projects/${slug}/groups/${encodeURIComponent(review.groupKey)}`} className="font-medium text-blue-800 hover:underline">
                    {review.groupKey}
                  </Link>
                ) : (
                  <span className="font-medium text-slate-800">{review.groupKey}</span>
                )}{" "}
                <span className="text-slate-500">{rolloutsText(t, review.groupSize)}</span>
              </dd>
            </div>
          )}
        </dl>
        <span className="flex items-center gap-1" title={t("trajectory.header.automaticWhy")}>
          {t("trajectory.header.automatic")} <Outcome value={review.autoOutcome} testId="automatic-outcome" />
          {review.autoSource && <span className="text-slate-500">({SOURCE_KEYS[review.autoSource] ? t(SOURCE_KEYS[review.autoSource]!) : review.autoSource})</span>}
          {overridden && (
            <span className="text-slate-700" data-testid="automatic-overridden">
              {t("trajectory.header.overriddenTo")} <Outcome value={review.effectiveAutoOutcome} />
            </span>
          )}
        </span>
        <span className="flex items-center gap-1">
          {t("trajectory.header.claimedFinish")} <b className="font-semibold">{review.agentClaimedFinish ? t("trajectory.header.yes") : t("trajectory.header.no")}</b>
        </span>
        {d && (
          <span className="flex items-center gap-1" data-testid="derived-outcome">
            {t("trajectory.header.verifiedVerdict")} <b className="font-semibold">{d.humanVerdict ? (HUMAN_VERDICT_KEYS[d.humanVerdict] ? t(HUMAN_VERDICT_KEYS[d.humanVerdict]!) : d.humanVerdict) : t("trajectory.header.none")}</b>
            {d.reward !== null && (
              <span className="text-slate-600">
                · {t("trajectory.header.reward", { reward: formatNumber(locale, d.reward, { minimumFractionDigits: 3, maximumFractionDigits: 3 }) })}
                {d.advantage !== null && <> · {t("trajectory.header.advantage", { advantage: signed(locale, d.advantage), size: d.groupSize ?? 1 })}</>}
              </span>
            )}
          </span>
        )}
        <Flags flags={review.storedFlags} label={t("trajectory.header.flags")} testId="mismatch-flags" />
        {liveFlags && !sameFlags(liveFlags, review.storedFlags) && <Flags flags={liveFlags} label={t("trajectory.header.withYourAnswer")} testId="live-flags" />}
        {/* The verdict panel can sit below the fold: the header says one of them needs a decision. */}
        {changedUnderOverride > 0 && (
          <button type="button" data-testid="header-verdict-changed" onClick={() => document.querySelector("[data-testid=verdict-changed-under-override]")?.scrollIntoView({ block: "center" })}
            className="rounded bg-amber-100 px-1.5 text-xs font-medium text-amber-900 hover:bg-amber-200">
            {t("trajectory.header.verdictChanged", { count: changedUnderOverride })}
          </button>
        )}
      </div>
    </header>
  );
}
