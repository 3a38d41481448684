import { NextResponse } from "next/server";
import { openApiDocument } from "@/lib/api/openapi";

// The OpenAPI 3.1 document of /api/v1: public documentation, no data.
export function GET() {
  return NextResponse.json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=3600" } });
}
