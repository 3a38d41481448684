// Child process for pool-targets-kill.test.ts: starts a snapshot through poolTarget (with the
// settings a worker would read from the environment) whose second file never ends, and says
// so on stdout, so the test can SIGKILL it midway.
import { poolTarget } from "@/lib/exports/targets/pool-targets";

async function* endlessRows() {
  for (let i = 0; ; i++) {
    if (i === 100) console.log("second file streaming");
    yield `{"row":${i}}\n`;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

async function main() {
  const [targetType, targetUri, snapshotId] = process.argv.slice(2) as ["local" | "s3", string, string];
  await poolTarget({ targetType, targetUri }).writeSnapshot({
    snapshotId,
    files: [
      { name: "first.jsonl", content: '{"row":"first"}\n' },
      { name: "second.jsonl", content: endlessRows() },
    ],
    manifest: () => ({ filters: {}, counts: {}, revisionIds: [], derivedWith: { derivationCode: 1, settings: {} }, overrideIds: [], verityVersion: "test", unverifiedIncluded: false }),
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
