import "server-only";
// Honeypot accuracy per annotator for the dashboard: the figures the queues page shows
// (lib/queues/honeypot-accuracy.ts, one count for every screen), with the share answered right.
import type { Db } from "@/lib/db";
import { honeypotAccuracy as accuracyPerAnnotator } from "@/lib/queues/honeypot-accuracy";

export type HoneypotScore = { id: string; name: string; graded: number; correct: number; accuracy: number };

export async function honeypotAccuracy(db: Db, projectId: string): Promise<HoneypotScore[]> {
  return (await accuracyPerAnnotator(db, projectId)).map((a) => ({ id: a.userId, name: a.name, graded: a.total, correct: a.correct, accuracy: a.correct / a.total }));
}
