import { M } from "@plugs/domain";
import { z } from "zod";
import { jsonFieldOf } from "../media/multipart.ts";

/** The `gifs` field of a post's or a comment's multipart form, as the OpenAPI document describes it. */
export const ZGifsField = z.string().optional().openapi({
  description:
    'JSON list of GIFs from /api/gifs: [{"id","url","preview","title","width","height","username"}]; urls on media*.giphy.com only',
});

/** The field's JSON list (its items are checked by the request's schema); not JSON is 'Failed to process GIF'. */
export function gifsOf(field: string | undefined): unknown {
  return jsonFieldOf(field, "gifs", M.posts.gifInvalid);
}
