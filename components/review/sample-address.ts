import type { SampleScreen } from "@/lib/api/review-screens/sample-screen";

/** The address of another sample of the same list (the filters ride along), or the list's when
 * there is none: the one spelling of it, so a screen read ahead is found under the address a
 * link or a submit goes to. */
export function sampleAddress(screen: SampleScreen, sampleId: string | null): string {
  const base = `/projects/${screen.project.slug}/samples`;
  return sampleId ? `${base}/${sampleId}${screen.query}` : `${base}${screen.query}`;
}
