import "server-only";
// `npm run verity -- pool verify <snapshot-dir> [--json]`: checks a snapshot where it now is
// (lib/exports/snapshot-verify.ts) without a database: a trainer's machine can run it on a
// copied or moved snapshot. Prints the report; exits 1 when anything is missing or changed.
import { snapshotVerifyText, verifySnapshotDir } from "@/lib/exports/snapshot-verify";

export async function runPoolVerifyCommand(dir: string, json: boolean): Promise<void> {
  const report = await verifySnapshotDir(dir);
  if (json) {
    const { manifest, ...rest } = report;
    console.log(JSON.stringify({ ...rest, snapshotId: manifest?.snapshotId ?? null, imageMode: manifest?.provenance?.imageMode ?? null, ok: report.problems.length === 0 }));
  } else {
    console.log(snapshotVerifyText(report));
  }
  if (report.problems.length > 0) throw new Error(`snapshot ${dir} failed verification: ${report.problems.length} problems`);
}
