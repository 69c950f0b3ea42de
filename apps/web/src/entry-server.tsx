import { PassThrough } from "node:stream";
import type { TPageRoute } from "@plugs/domain";
import { type DehydratedState, dehydrate } from "@tanstack/react-query";
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { AppShell } from "./app.tsx";
import { sessionKeys } from "./features/auth/session.ts";
import { firstScreen } from "./first-screen.ts";
import { createQueryClient } from "./lib/query-client.ts";
import { renderHead } from "./page-head.ts";
import { appRoutes } from "./router.tsx";

export { FIRST_SCREEN_STATE_ID } from "./first-screen-state.ts";

/** An API answer's JSON as a visitor would get it, or null when the API did not answer 200. */
export type TFetchJson = (url: string) => Promise<unknown | null>;

/** The rendered #root, the query cache it was rendered from, and the page's own head tags when it has them. */
export type TFirstScreen = { html: string; state: DehydratedState; head: string | null };

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream.pipe(new PassThrough())) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * A visitor's first screen of a server-rendered page (first-screen.ts says which): the page's API answers fetched
 * through `fetchJson`, the app rendered with them into HTML for #root, and the query cache to send along so the
 * browser hydrates the same markup without asking again. Null when the page is not server-rendered or an answer
 * is missing (the browser then renders it as before). `url` carries the site's public origin, for the head's
 * absolute addresses.
 */
export async function renderFirstScreen(
  url: URL,
  route: TPageRoute,
  fetchJson: TFetchJson,
): Promise<TFirstScreen | null> {
  const screen = firstScreen(route, url);
  if (!screen) return null;
  const { queries } = screen;
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
  const head = screen.head ? renderHead(screen.head(answers, url.origin), url.origin) : null;
  return { html: await text(prelude), state: dehydrate(queryClient), head };
}
