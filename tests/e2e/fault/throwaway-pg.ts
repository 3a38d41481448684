// A PostgreSQL cluster of the spec's own (scripts/pg-throwaway.mjs), which it may stop and
// start again without disturbing any other test's database.
import { execFileSync } from "node:child_process";
import { Client } from "pg";

export type OwnPostgres = { dir: string; port: number; url: string; stop(): void; pause(): void; resume(): void };

const script = (...args: string[]) => execFileSync("node", ["scripts/pg-throwaway.mjs", ...args], { encoding: "utf8" });

export function startOwnPostgres(): OwnPostgres {
  const out = script("start");
  const dir = /PGDATA_DIR=(.*)/.exec(out)![1]!.trim();
  const url = /VERITY_TEST_PG_URL=(.*)/.exec(out)![1]!.trim();
  const port = Number(new URL(url).port);
  return {
    dir,
    port,
    url,
    stop: () => void script("stop", dir),
    pause: () => void script("pause", dir),
    resume: () => void script("resume", dir, String(port)),
  };
}

export async function databaseIn(pg: OwnPostgres, name: string): Promise<string> {
  const client = new Client({ connectionString: pg.url });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(pg.url);
  url.pathname = `/${name}`;
  return url.toString();
}
