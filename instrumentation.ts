// Runs once when the Next.js server starts: the in-process job worker, so that jobs queued or
// abandoned while the app was down are resumed without waiting for a new one to be queued.
// (process.env.NEXT_RUNTIME is replaced by Next.js at build time; it is not a setting.)
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { ensureInProcessWorker } = await import("@/lib/jobs/in-process-worker");
    ensureInProcessWorker();
  }
}
