import "server-only";
// A refused stale save answers 409 with the current version, so a script can rebase on it
// (the review screens show the same conflict).
import { NextResponse } from "next/server";
import { isAppError } from "@/lib/errors";

export async function withConflictBody(work: () => Promise<unknown>, status = 200): Promise<Response> {
  try {
    return NextResponse.json(await work(), { status });
  } catch (error) {
    if (isAppError(error) && error.code === "conflict" && error.details && typeof error.details === "object" && "current" in error.details) {
      return NextResponse.json({ error: { code: error.code, message: error.message }, current: (error.details as { current: unknown }).current }, { status: 409 });
    }
    throw error;
  }
}
