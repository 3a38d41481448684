// The Rogan–Gladen corrected rate beside the prediction-powered one on the run page: the rate,
// "clipped" when the formula left 0–100%, the TPR, TNR and verified pairs it used, and when it
// is undefined the sentence that says why. Computed with the sample's estimate
// (lib/domain/estimates/sample-rogan-gladen.ts); this only prints it.
import type { EstimateText } from "@/components/runs/estimate-text";
import type { SampleRoganGladen } from "@/lib/domain/estimates/sample-rogan-gladen";
import type { Translate } from "@/lib/i18n/translate";

type Props = { t: Translate; e: EstimateText; rg: SampleRoganGladen; predictor: string; population: number; strataList: (keys: string[]) => string };

function Undefined({ t, e, rg, predictor, strataList }: Omit<Props, "population">) {
  if (rg.ok) return null;
  switch (rg.reason) {
    case "no_pairs": return <>{t("sampled.rgNoPairs")}</>;
    case "unverified_strata": return <>{t("sampled.rgUnverifiedStrata", { strata: strataList(rg.strata) })}</>;
    case "no_positives": return <>{t("sampled.rgNoPositives")}</>;
    case "no_negatives": return <>{t("sampled.rgNoNegatives")}</>;
    case "no_better_than_chance": return <>{t("sampled.rgChance", { sum: e.fixed(rg.tpr! + rg.tnr!, 2), predictor })}</>;
  }
}

export function RoganGladenCard({ t, e, rg, predictor, population, strataList }: Props) {
  const rate = (v: number | null) => (v === null ? "—" : e.fixed(v, 2));
  return (
    <div className="rounded-lg border border-blue-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{t("sampled.roganGladen")}</dt>
      {rg.ok ? (
        <dd className="mt-1 text-2xl font-semibold tabular-nums">
          <span data-testid="rogan-gladen">{e.percent(rg.rate)}</span>
          {rg.clipped && <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 align-middle text-xs font-medium text-amber-900">{t("sampled.rgClipped")}</span>}
        </dd>
      ) : (
        <dd className="mt-1 text-sm text-slate-700" data-testid="rogan-gladen">
          <Undefined t={t} e={e} rg={rg} predictor={predictor} strataList={strataList} />
        </dd>
      )}
      {rg.pairs > 0 && (
        <dd className="text-sm tabular-nums text-slate-700" data-testid="rogan-gladen-rates">
          {t("sampled.rgRates", { tpr: rate(rg.tpr), tnr: rate(rg.tnr), pairs: rg.pairs, positives: rg.positives, negatives: rg.negatives })}
        </dd>
      )}
      {rg.ok && (
        <dd className="mt-2 space-y-1 text-xs text-slate-500">
          <p>{t("sampled.rgExplain", { predictor, population, observed: e.percent(rg.observed) })}</p>
          {rg.weighted && <p>{t("sampled.rgWeighted")}</p>}
          {rg.clipped && <p>{t("sampled.rgClippedNote")}</p>}
        </dd>
      )}
    </div>
  );
}
