import { PAGE_ROUTES, type TPageRoute } from "@plugs/domain";
import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { PageSpinner } from "./components/ui/spinner.tsx";
import { AppLayout } from "./features/layout/app-layout.tsx";
import { NotFoundPage } from "./features/layout/not-found-page.tsx";
import { RouteError } from "./features/layout/route-error.tsx";
import { PAGE_FILES } from "./page-files.ts";

type TPageModule = { default: ComponentType };

// Every page module, loaded on first visit (each is its own chunk); PAGE_FILES says which one draws which route.
const PAGE_MODULES = import.meta.glob<TPageModule>("./features/**/*-page.tsx");

function loadPage(path: TPageRoute): Promise<TPageModule> {
  const load = PAGE_MODULES[`./${PAGE_FILES[path]}`];
  if (!load) throw new Error(`${PAGE_FILES[path]} (the page of ${path}) does not exist`);
  return load();
}

const pageRoutes: RouteObject[] = PAGE_ROUTES.map((path) => ({
  path,
  lazy: () => loadPage(path).then((page) => ({ Component: page.default })),
}));

/** The app's routes, for the browser's router and for the server's first render (entry-server.tsx). */
export function appRoutes(): RouteObject[] {
  return [
    {
      Component: AppLayout,
      ErrorBoundary: RouteError,
      children: [
        {
          // Pages render inside the layout; while the first page's code loads, a spinner stands in for it, and a
          // page that fails shows its error inside the layout too.
          HydrateFallback: PageSpinner,
          ErrorBoundary: RouteError,
          children: [...pageRoutes, { path: "*", Component: NotFoundPage }],
        },
      ],
    },
  ];
}

/**
 * The browser's router. A page's code loads before the router is ready (`router.state.initialized`); a page the
 * server rendered waits for that before hydrating, so the first render is the page, not the fallback.
 */
export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}

/** Resolves once the router has loaded the first page's code. */
export function routerReady(router: ReturnType<typeof createAppRouter>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
