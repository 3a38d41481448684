import "server-only";
// Runs PostgreSQL's client tools (pg_dump, pg_restore) found on PATH. The password travels in
// PGPASSWORD rather than on the command line (where `ps` shows it), and the query parameters
// only Prisma understands are dropped from the URL, since libpq refuses unknown ones.
import { spawn } from "node:child_process";
import { AppError } from "@/lib/errors";

const PRISMA_ONLY_PARAMS = ["schema", "connection_limit", "pool_timeout", "pgbouncer", "statement_cache_size", "socket_timeout", "sslaccept"];

function libpqConnection(databaseUrl: string): { dbname: string; password: string | undefined } {
  const url = new URL(databaseUrl);
  const password = url.password ? decodeURIComponent(url.password) : undefined;
  url.password = "";
  for (const param of PRISMA_ONLY_PARAMS) url.searchParams.delete(param);
  return { dbname: url.toString(), password };
}

/** Runs the tool; resolves with its stdout, rejects with its stderr in the message. */
export function runPgTool(tool: "pg_dump" | "pg_restore", args: string[], databaseUrl: string | null): Promise<string> {
  const connection = databaseUrl ? libpqConnection(databaseUrl) : null;
  const fullArgs = connection ? [...args, `--dbname=${connection.dbname}`] : args;
  return new Promise((resolve, reject) => {
    const child = spawn(tool, fullArgs, {
      env: { ...process.env, ...(connection?.password ? { PGPASSWORD: connection.password } : {}) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") {
        reject(new AppError("unavailable", `${tool} is not on PATH: install PostgreSQL's client tools of the server's major version or newer (Debian: apt-get install postgresql-client).`));
      } else {
        reject(error);
      }
    });
    child.on("close", (code) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`${tool} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}
