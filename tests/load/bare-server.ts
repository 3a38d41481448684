// `node --import tsx tests/load/bare-server.ts <sqlite file | postgresql:// url> <port> <queueId> <projectId> <overlap>`:
// the load test's raw limit in a process of its own, as Verity's server is (bare-reference.ts,
// bare-postgres.ts).
import { bareSqliteServer } from "./bare-reference";
import { barePostgresServer } from "./bare-postgres";

const [database, port, queueId, projectId, overlap] = process.argv.slice(2);
const server = /^postgres(ql)?:\/\//.test(database!) ? barePostgresServer(database!, queueId!, projectId!, Number(overlap)) : bareSqliteServer(database!, queueId!, projectId!, Number(overlap));
server.listen(Number(port), "127.0.0.1", () => console.log("listening"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
