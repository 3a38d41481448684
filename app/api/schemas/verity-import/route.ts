import { NextResponse, type NextRequest } from "next/server";
import { verityExampleJsonl } from "@/lib/imports/formats/verity/verity-example";
import { verityJsonSchema } from "@/lib/imports/formats/verity/verity-schema";

// The JSON Schema of Verity JSONL, or with ?example=jsonl a worked example to start from as a
// download: public documentation, no data.
export function GET(request: NextRequest) {
  if (request.nextUrl.searchParams.get("example") === "jsonl") {
    return new NextResponse(verityExampleJsonl(), {
      headers: { "Content-Type": "application/x-ndjson; charset=utf-8", "Content-Disposition": 'attachment; filename="verity-example.jsonl"', "Cache-Control": "public, max-age=3600" },
    });
  }
  return new NextResponse(JSON.stringify(verityJsonSchema(), null, 2), { headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
