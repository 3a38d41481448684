// Reads an .xlsx back as a spreadsheet program would see its first sheet: the sheet's name and
// its rows of cells (numbers as numbers, strings, null for an empty cell), from the zip's
// workbook.xml, sharedStrings.xml and worksheets/sheet1.xml. For tests of files Verity writes,
// independent of the library that wrote them.
import yauzl from "yauzl";

function entries(buffer: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error("not a zip"));
      const files = new Map<string, string>();
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err ?? new Error("unreadable entry"));
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            files.set(entry.fileName, Buffer.concat(chunks).toString("utf8"));
            zip.readEntry();
          });
        });
      });
      zip.on("end", () => resolve(files));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

const unescape = (s: string) => s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, "&");
const column = (ref: string) => [...ref.replace(/\d+$/, "")].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;

export async function readXlsx(buffer: Buffer): Promise<{ sheet: string; rows: (string | number | null)[][] }> {
  const files = await entries(buffer);
  const sheet = /<sheet [^>]*name="([^"]+)"/.exec(files.get("xl/workbook.xml") ?? "")?.[1] ?? "";
  const shared = [...(files.get("xl/sharedStrings.xml") ?? "").matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => unescape([...m[1]!.matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((t) => t[1]).join("")));
  const xml = files.get("xl/worksheets/sheet1.xml") ?? "";
  const rows: (string | number | null)[][] = [];
  for (const row of xml.matchAll(/<row[^>]*>([\s\S]*?)<\/row>/g)) {
    const cells: (string | number | null)[] = [];
    for (const c of row[1]!.matchAll(/<c ([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attrs = c[1]!;
      const ref = /r="([A-Z]+\d+)"/.exec(attrs)![1]!;
      const type = /t="([a-zA-Z]+)"/.exec(attrs)?.[1];
      const body = c[2] ?? "";
      const v = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
      const inline = /<is>[\s\S]*?<t[^>]*>([\s\S]*?)<\/t>/.exec(body)?.[1];
      const value = type === "s" ? shared[Number(v)]! : type === "inlineStr" ? unescape(inline ?? "") : type === "str" ? unescape(v ?? "") : v === undefined ? null : Number(v);
      cells[column(ref)] = value;
    }
    rows.push(Array.from(cells, (v) => v ?? null));
  }
  return { sheet, rows };
}

export async function readXlsxRows(buffer: Buffer): Promise<(string | number | null)[][]> {
  const { sheet, rows } = await readXlsx(buffer);
  if (sheet !== "Sheet1") throw new Error(`the sheet is called ${sheet}, not pandas' Sheet1`);
  return rows;
}
