// The human outcome a sample counts for an episode: the verdict of its verified final answer
// (the stored humanVerdict when the status is verified); "unsure", or not verified, is none.
export function humanOutcomeOf(t: { status: string; humanVerdict: string | null }): boolean | null {
  if (t.status !== "verified") return null;
  return t.humanVerdict === "success" ? true : t.humanVerdict === "failure" ? false : null;
}
