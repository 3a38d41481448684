// A throwaway PostgreSQL cluster in a temp dir on a free loopback port, for tests and for
// generating migrations. Used as a module (startThrowawayPostgres) or from a shell:
//   node scripts/pg-throwaway.mjs start   -> prints `PGDATA_DIR=... VERITY_TEST_PG_URL=...`
//   node scripts/pg-throwaway.mjs stop DIR
import { execFileSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

function findPgBin() {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = path.join(base, v, "bin");
    if (existsSync(path.join(bin, "initdb"))) return bin;
  }
  return null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// PostgreSQL refuses to run as root; as root the cluster belongs to the `postgres` user.
function runAsClusterOwner(bin, args) {
  const isRoot = process.getuid?.() === 0;
  const [cmd, cmdArgs] = isRoot ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
  return execFileSync(cmd, cmdArgs, { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
}

export async function startThrowawayPostgres() {
  const bin = findPgBin();
  if (!bin) throw new Error("PostgreSQL server binaries not found under /usr/lib/postgresql (apt-get install -y postgresql)");
  const dir = mkdtempSync(path.join(os.tmpdir(), "verity-pg-"));
  chmodSync(dir, 0o700);
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  runAsClusterOwner(path.join(bin, "initdb"), ["-D", dir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  startServer(bin, dir, port);
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  return {
    dir,
    port,
    url,
    stop: () => stopThrowawayPostgres(dir),
    // For fault-injection tests: the server goes away and comes back on the same port and data.
    pause: () => runAsClusterOwner(path.join(bin, "pg_ctl"), ["-D", dir, "-m", "fast", "-w", "stop"]),
    resume: () => startServer(bin, dir, port),
  };
}

function startServer(bin, dir, port) {
  runAsClusterOwner(path.join(bin, "pg_ctl"), [
    "-D", dir, "-l", path.join(dir, "pg.log"), "-w", "start",
    "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
  ]);
}

export function stopThrowawayPostgres(dir) {
  const bin = findPgBin();
  try {
    if (bin) runAsClusterOwner(path.join(bin, "pg_ctl"), ["-D", dir, "-m", "fast", "-w", "stop"]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, dir] = process.argv.slice(2);
  if (command === "start") {
    const pg = await startThrowawayPostgres();
    console.log(`PGDATA_DIR=${pg.dir}\nVERITY_TEST_PG_URL=${pg.url}`);
  } else if (command === "stop" && dir) {
    stopThrowawayPostgres(dir);
  } else if (command === "pause" && dir) {
    runAsClusterOwner(path.join(findPgBin(), "pg_ctl"), ["-D", dir, "-m", "fast", "-w", "stop"]);
  } else if (command === "resume" && dir && process.argv[4]) {
    startServer(findPgBin(), dir, Number(process.argv[4]));
  } else {
    console.error("usage: pg-throwaway.mjs start | stop DIR | pause DIR | resume DIR PORT");
    process.exit(2);
  }
}
