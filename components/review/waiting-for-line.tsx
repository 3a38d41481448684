// One line under the review standing of an unsettled item: what it waits for (a queue's
// remaining answers, adjudication, a reviewer) and who can settle it now, with the link that
// does it. lib/queues/waiting-for.ts reads the queue state; this only words it.
import Link from "next/link";
import { claimLocation } from "@/lib/queues/claim-location";
import type { WaitingFor } from "@/lib/queues/waiting-for";
import type { Translate } from "@/lib/i18n/translate";

type Props = { t: Translate; slug: string; item: { itemType: "sample" | "trajectory"; id: string }; waiting: WaitingFor };

export function WaitingForLine({ t, slug, item, waiting }: Props) {
  const link = "font-medium text-blue-800 hover:underline";
  if (waiting.kind === "reviewer") {
    return <p data-testid="waiting-for">{t("standing.waitsForReviewer")}</p>;
  }
  if (waiting.kind === "adjudication") {
    return (
      <p data-testid="waiting-for">
        {t("standing.waitsForAdjudication", { queue: waiting.queueName })}{" "}
        <Link href={`/projects/${slug}/queues/${waiting.queueId}/adjudicate/${waiting.queueItemId}`} className={link}>{t("standing.adjudicateIt")} →</Link>
      </p>
    );
  }
  const given = waiting.submitted.length;
  const where = item.itemType === "sample" ? { sampleId: item.id, trajectoryId: null } : { sampleId: null, trajectoryId: item.id };
  return (
    <p data-testid="waiting-for">
      {t("standing.waitsForQueue", { queue: waiting.queueName, given, overlap: waiting.overlap })}
      {given > 0 && <> {t("standing.answeredBy", { names: waiting.submitted.join(", ") })}</>}
      {waiting.claimedBy.length > 0 && <> {t("standing.claimedBy", { names: waiting.claimedBy.join(", ") })}</>}{" "}
      {waiting.yourClaimId ? (
        <>
          {t("standing.yourClaimOpen")}{" "}
          <Link href={claimLocation(slug, waiting.queueId, { claimId: waiting.yourClaimId, queueItemId: waiting.queueItemId, verdictId: null, ...where })} className={link}>{t("standing.openInQueue")} →</Link>
        </>
      ) : waiting.yourClaimSubmitted ? (
        t("standing.yourAnswerIn")
      ) : (
        t("standing.settleHere")
      )}
    </p>
  );
}
