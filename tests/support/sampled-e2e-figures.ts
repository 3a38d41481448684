// What the pages of the sampled-verification e2e must show, for the data of sampled-e2e.ts:
// computed and checked by tests/unit/estimates/sampled-e2e-figures.test.ts from the same
// functions the pages use, read by tests/e2e/sampled-verification.spec.ts. The run's true rate
// (38.3%) is inside the interval; the automatic rate (53.3%) is 15 points off.
export const SAMPLED_E2E_FIGURES = {
  first: {
    automatic: "53.3%",
    estimate: "45.8%",
    interval: "33.4–58.2%",
    modelInterval: "32.2–59.5%",
    verifiedOnly: "37.5%",
    verifiedOnlyInterval: "24.2–53.0%",
    trueRate: "38.3%",
    howManyMore: 175,
  },
  comparison: { difference: "−7.5 points", interval: "−23.3 points to +9.0 points", discordantVerified: 11 },
};
