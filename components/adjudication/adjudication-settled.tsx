// Shown instead of the editing screen when an item no longer awaits adjudication: how it was
// settled, and the way on.
import Link from "next/link";
import { formatDateTime } from "@/lib/i18n/format";
import { getT } from "@/lib/i18n/server";
import type { PlainKey } from "@/lib/i18n/translate";
import { statusWord } from "@/lib/i18n/status-word";

type Props = {
  state: { status: string; resolution: string | null; resolvedBy: string | null; resolvedAt: string | null };
  listHref: string;
};

const NOT_AWAITING: Record<string, PlainKey> = {
  open: "adjudication.notAwaiting.open",
  full: "adjudication.notAwaiting.full",
};

export async function AdjudicationSettled({ state, listHref }: Props) {
  const { t, locale } = await getT();
  const by = state.resolution === "consensus" ? t("adjudication.byConsensus") : t("adjudication.byPerson", { name: state.resolvedBy ?? t("adjudication.aReviewer") });
  const how =
    state.status !== "verified"
      ? t("adjudication.notAwaiting", { why: NOT_AWAITING[state.status] ? t(NOT_AWAITING[state.status]!) : t("adjudication.notAwaiting.other", { status: statusWord(state.status) }) })
      : state.resolvedAt
        ? t("adjudication.resolvedAt", { by, at: formatDateTime(locale, state.resolvedAt) })
        : t("adjudication.resolved", { by });
  return (
    <div role="status" className="space-y-2 rounded-lg border border-slate-200 bg-white p-6">
      <p className="text-slate-800">{how}</p>
      <Link href={listHref} className="font-medium text-blue-800 hover:underline">{t("adjudication.backToList")}</Link>
    </div>
  );
}
