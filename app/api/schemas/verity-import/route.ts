import { NextResponse } from "next/server";
import { verityJsonSchema } from "@/lib/imports/formats/verity/verity-schema";

// The JSON Schema of Verity JSONL: public documentation, no data.
export function GET() {
  return NextResponse.json(verityJsonSchema(), { headers: { "Cache-Control": "public, max-age=3600" } });
}
