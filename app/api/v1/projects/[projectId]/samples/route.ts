import { NextResponse } from "next/server";
import { SamplePageQuerySchema } from "@/lib/api/v1-schemas";
import { verifiedSamplePage } from "@/lib/api/verified-items";
import { db } from "@/lib/db";
import { apiV1Route } from "@/lib/http/api-v1-route";
import { parseQuery } from "@/lib/http/query";

// GET ?status=verified&after=&limit=: verified grounding samples with their final answers, a keyset page.
export const GET = apiV1Route<{ projectId: string }>("reviewer", async ({ request, access }) => {
  const query = parseQuery(request.nextUrl.searchParams, SamplePageQuerySchema);
  return NextResponse.json(await verifiedSamplePage(db(), access.projectId, query));
});
