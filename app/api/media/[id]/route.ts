import { authedRoute } from "@/lib/http/route";
import { serveMedia } from "@/lib/media/serve";

// GET /api/media/:id[?variant=thumb] — members of the media's project only.
export const GET = authedRoute<{ id: string }>(({ request, user, params }) =>
  serveMedia(user, params.id, request.nextUrl.searchParams.get("variant")),
);
