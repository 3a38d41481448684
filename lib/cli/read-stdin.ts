// All of standard input as text, without its last line break: how the CLI takes a secret
// (a password, an API key) that must not be an argument, where `ps` and shell history see it.
export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8").replace(/\r?\n$/, "");
}
