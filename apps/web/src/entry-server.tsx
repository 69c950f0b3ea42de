import { PassThrough } from "node:stream";
import type { TPageRoute } from "@plugs/domain";
import { type DehydratedState, dehydrate } from "@tanstack/react-query";
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { AppShell } from "./app.tsx";
import { sessionKeys } from "./features/auth/session.ts";
import { firstScreenQueries } from "./first-screen.ts";
import { createQueryClient } from "./lib/query-client.ts";
import { appRoutes } from "./router.tsx";

export { FIRST_SCREEN_STATE_ID } from "./first-screen-state.ts";

/** An API answer's JSON as a visitor would get it, or null when the API did not answer 200. */
export type TFetchJson = (url: string) => Promise<unknown | null>;

export type TFirstScreen = { html: string; state: DehydratedState };

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream.pipe(new PassThrough())) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * A visitor's first screen of a server-rendered page (first-screen.ts says which): the page's API answers fetched
 * through `fetchJson`, the app rendered with them into HTML for #root, and the query cache to send along so the
 * browser hydrates the same markup without asking again. Null when the page is not server-rendered or an answer
 * is missing (the browser then renders it as before).
 */
export async function renderFirstScreen(
  url: URL,
  route: TPageRoute,
  fetchJson: TFetchJson,
): Promise<TFirstScreen | null> {
  const queries = firstScreenQueries(route, url.searchParams);
  if (!queries) return null;
  const answers = await Promise.all(queries.map((query) => fetchJson(query.url)));
  if (answers.some((answer) => answer === null)) return null;
  const queryClient = createQueryClient();
  queryClient.setQueryData(sessionKeys.me(), null);
  queries.forEach((query, i) => {
    const data = query.infinite ? { pages: [answers[i]], pageParams: [null] } : answers[i];
    queryClient.setQueryData(query.queryKey, data);
  });

  const handler = createStaticHandler(appRoutes());
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppShell queryClient={queryClient}>
        {/* hydrate={false}: no inline script (the CSP refuses them); the browser's router needs no loader data. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppShell>
    </StrictMode>,
  );
  return { html: await text(prelude), state: dehydrate(queryClient) };
}
