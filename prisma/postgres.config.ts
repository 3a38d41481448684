// Prisma CLI config for the PostgreSQL schema. @prisma/adapter-pg 6.x cannot decode the
// catalog column types `name` (oid 19) and `"char"` (oid 18) that the JS schema engine reads
// (prisma/orm#27403), so the CLI's adapter reports them as text (oid 25). The app's own
// client does not read catalogs and needs no patch.
import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg";

type ResultFields = { fields: { dataTypeID: number }[] };
type WithPerformIO = { performIO: (query: unknown) => Promise<ResultFields> };

const CATALOG_TYPE_IDS = new Set([18, 19]);
const TEXT_TYPE_ID = 25;

function reportCatalogTypesAsText<T>(queryable: T): T {
  const target = queryable as unknown as WithPerformIO;
  const original = target.performIO.bind(target);
  target.performIO = async (query) => {
    const result = await original(query);
    for (const field of result.fields) {
      if (CATALOG_TYPE_IDS.has(field.dataTypeID)) field.dataTypeID = TEXT_TYPE_ID;
    }
    return result;
  };
  return queryable;
}

class PrismaPgForCli extends PrismaPg {
  override async connect() {
    const adapter = reportCatalogTypesAsText(await super.connect());
    const startTransaction = adapter.startTransaction.bind(adapter);
    adapter.startTransaction = async (isolationLevel) =>
      reportCatalogTypesAsText(await startTransaction(isolationLevel));
    return adapter;
  }
}

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "postgres/schema.prisma",
  migrations: { path: "postgres/migrations" },
  adapter: async () => {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL must be set for the Prisma CLI (a postgres:// URL)");
    return new PrismaPgForCli({ connectionString: url });
  },
});
