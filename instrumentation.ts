// Runs once when the Next.js server starts, before it serves: every request is stamped with
// its socket's peer address (the only client address sign-in limits trust), leftovers of work
// that never finished are swept by age (lib/worker/orphans.ts; again every hour while it runs), and the in-process job worker
// starts, so that jobs queued or abandoned while the app was down are resumed without waiting
// for a new one to be queued.
// (process.env.NEXT_RUNTIME is replaced by Next.js at build time; it is not a setting.)
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { stampPeerAddresses } = await import("@/lib/auth/peer-address");
    stampPeerAddresses();
    const { sweepOrphans } = await import("@/lib/worker/orphans");
    const { db } = await import("@/lib/db");
    // Never a reason not to start: a sweep that fails is tried again at the next start.
    await sweepOrphans(db())
      .then((removed) => removed.length && console.log(`[start-up] removed ${removed.length} leftover staging or export temp dirs`))
      .catch((error: unknown) => console.error(`[start-up] sweeping leftovers failed: ${String(error)}`));
    const { startPeriodicSweeps } = await import("@/lib/worker/orphans");
    startPeriodicSweeps(db(), (line) => console.log(`[sweep] ${line}`));
    const { ensureInProcessWorker } = await import("@/lib/worker/in-process-worker");
    ensureInProcessWorker();
  }
}
