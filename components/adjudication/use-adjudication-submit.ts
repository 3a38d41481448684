"use client";
// Sends the reviewer's resolution and goes on to the queue's next item awaiting adjudication.
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { SubmitState } from "@/components/adjudication/adjudication-submit-bar";
import { adjudicateAction } from "@/lib/actions/adjudication";
import type { AdjudicationInput } from "@/lib/queues/adjudicate-item";

export function useAdjudicationSubmit(projectId: string) {
  const router = useRouter();
  const [state, setState] = useState<SubmitState>({ kind: "idle" });

  async function submit(adjudication: AdjudicationInput) {
    if (state.kind === "saving" || state.kind === "conflict") return;
    setState({ kind: "saving" });
    const result = await adjudicateAction({ projectId, adjudication });
    if (result.ok) {
      router.push(result.nextUrl);
      return;
    }
    setState(result.isConflict ? { kind: "conflict", message: result.error } : { kind: "error", message: result.error });
  }

  return { state, submit };
}
