// A local S3-compatible server (s3rver) for tests: 127.0.0.1 on a free port, its objects in a
// temp dir, and the connection settings the app would read from VERITY_S3_*.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { parseEnv, type S3Connection } from "@/lib/env";

// The SDK warns once per process that its 2027 releases will want Node 22; noise in test output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

export type TestS3Server = { endpoint: string; connection: S3Connection; env: Record<string, string>; stop: () => Promise<void> };

export async function startS3Server(buckets: string[]): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), "verity-s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, directory, silent: true, configureBuckets: buckets.map((name) => ({ name })) });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver's one account; path-style because 127.0.0.1 has no bucket subdomains.
  const settings = {
    VERITY_S3_ENDPOINT: endpoint,
    VERITY_S3_ACCESS_KEY_ID: "S3RVER",
    VERITY_S3_SECRET_ACCESS_KEY: "S3RVER",
    VERITY_S3_FORCE_PATH_STYLE: "true",
  };
  return {
    endpoint,
    connection: parseEnv(settings).s3!,
    env: settings,
    stop: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
