// Runs once when the Next.js server starts, before it serves: every request is stamped with
// its socket's peer address (the only client address sign-in limits trust), and the in-process
// job worker starts, so that jobs queued or abandoned while the app was down are resumed
// without waiting for a new one to be queued.
// (process.env.NEXT_RUNTIME is replaced by Next.js at build time; it is not a setting.)
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { stampPeerAddresses } = await import("@/lib/http/peer-address");
    stampPeerAddresses();
    const { ensureInProcessWorker } = await import("@/lib/jobs/in-process-worker");
    ensureInProcessWorker();
  }
}
