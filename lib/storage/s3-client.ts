import "server-only";
// The S3 client for media and pool targets, built from the VERITY_S3_* settings. Works with
// AWS and with S3-compatible servers (MinIO, Ceph, s3rver): path-style addressing on request,
// and checksums only where the API requires them, because several of those servers store the
// aws-chunked framing of the SDK's default trailing checksums as if it were object content.
import { S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { env, type S3Connection } from "@/lib/env";
import { AppError } from "@/lib/errors";

export function createS3Client(connection: S3Connection): S3Client {
  return new S3Client({
    endpoint: connection.endpoint,
    region: connection.region,
    forcePathStyle: connection.forcePathStyle,
    credentials: { accessKeyId: connection.accessKeyId, secretAccessKey: connection.secretAccessKey },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
  });
}

/** The connection from the settings, or a message naming what to set. */
export function s3ConnectionFromEnv(): S3Connection {
  const connection = env().s3;
  if (!connection) {
    throw new AppError("unavailable", "S3 is not configured: set VERITY_S3_ACCESS_KEY_ID and VERITY_S3_SECRET_ACCESS_KEY (and VERITY_S3_ENDPOINT for a server other than AWS)");
  }
  return connection;
}

const globalForS3 = globalThis as unknown as { verityS3Client?: S3Client };

export function s3Client(): S3Client {
  globalForS3.verityS3Client ??= createS3Client(s3ConnectionFromEnv());
  return globalForS3.verityS3Client;
}

/** "NoSuchKey" on GET, a bare 404 on HEAD (which has no body to name the error). */
export function isS3NotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException) || error.name === "NoSuchBucket") return false;
  return error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404;
}

export function isS3PreconditionFailed(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === "PreconditionFailed" || error.$metadata.httpStatusCode === 412);
}

/** Keys under an optional prefix, never with a leading or doubled slash. */
export function joinKey(prefix: string, ...parts: string[]): string {
  return [prefix, ...parts].filter((p) => p !== "").join("/");
}
