// `node --import tsx tests/load/bare-server.ts <sqlite file> <port> <queueId> <projectId> <overlap>`:
// the load test's raw limit in a process of its own, as Verity's server is (bare-reference.ts).
import { bareSqliteServer } from "./bare-reference";

const [file, port, queueId, projectId, overlap] = process.argv.slice(2);
const server = bareSqliteServer(file!, queueId!, projectId!, Number(overlap));
server.listen(Number(port), "127.0.0.1", () => console.log("listening"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
