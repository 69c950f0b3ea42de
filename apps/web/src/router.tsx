import { PAGE_ROUTES, type TPageRoute } from "@plugs/domain";
import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { PageSpinner } from "./components/ui/spinner.tsx";
import { AppLayout } from "./features/layout/app-layout.tsx";
import { NotFoundPage } from "./features/layout/not-found-page.tsx";
import { RouteError } from "./features/layout/route-error.tsx";

type TPageModule = { default: ComponentType };

/**
 * Every route of the product (PAGE_ROUTES) and the module that draws it, loaded on first visit so each page is its
 * own chunk. The Record type makes a route without a page a compile error.
 */
const PAGES: Record<TPageRoute, () => Promise<TPageModule>> = {
  "/": () => import("./features/home/home-page.tsx"),
  "/plugs": () => import("./features/kols/plugs-page.tsx"),
  "/rugs": () => import("./features/kols/rugs-page.tsx"),
  "/kols": () => import("./features/kols/kols-page.tsx"),
  "/top-kols": () => import("./features/kols/top-kols-page.tsx"),
  "/plug-of-fame": () => import("./features/kols/plug-of-fame-page.tsx"),
  "/rug-of-shame": () => import("./features/kols/rug-of-shame-page.tsx"),
  "/kol/:handle": () => import("./features/kols/kol-page.tsx"),
  "/report": () => import("./features/reports/report-page.tsx"),
  "/rewards": () => import("./features/rewards/rewards-page.tsx"),
  "/leaderboard": () => import("./features/leaderboard/leaderboard-page.tsx"),
  "/contact": () => import("./features/contact/contact-page.tsx"),
  "/sweep": () => import("./features/sweep/sweep-page.tsx"),
  "/user/profile": () => import("./features/profiles/edit-profile-page.tsx"),
  "/user/:username": () => import("./features/profiles/profile-page.tsx"),
  "/faq": () => import("./features/legal/faq-page.tsx"),
  "/privacy": () => import("./features/legal/privacy-page.tsx"),
  "/terms": () => import("./features/legal/terms-page.tsx"),
  "/signin": () => import("./features/auth/sign-in-page.tsx"),
  "/signup": () => import("./features/auth/sign-up-page.tsx"),
  "/reset-password": () => import("./features/auth/reset-password-page.tsx"),
  "/admin/*": () => import("./features/admin/admin-page.tsx"),
  "/dashboard/*": () => import("./features/dashboard/dashboard-page.tsx"),
  "/blog": () => import("./features/blog/blog-page.tsx"),
  "/blog/category/:slug": () => import("./features/blog/blog-category-page.tsx"),
  "/blog/tag/:slug": () => import("./features/blog/blog-tag-page.tsx"),
  "/blog/:slug": () => import("./features/blog/blog-post-page.tsx"),
  "/plugfeed": () => import("./features/feed/plugfeed-page.tsx"),
  "/learn": () => import("./features/learn/learn-page.tsx"),
  "/learn/course/:id": () => import("./features/learn/course-page.tsx"),
  "/learn/course/:courseId/lesson/:lessonId": () => import("./features/learn/lesson-page.tsx"),
  "/learn/course/:courseId/lesson/:lessonId/quiz": () => import("./features/learn/quiz-page.tsx"),
  "/learn/course/:courseId/exam": () => import("./features/learn/exam-page.tsx"),
  "/communities/:slug/manage": () => import("./features/communities/manage-community-page.tsx"),
  "/communities/:slugOrId": () => import("./features/communities/community-page.tsx"),
  "/posts": () => import("./features/posts/posts-page.tsx"),
  "/posts/:id": () => import("./features/posts/post-page.tsx"),
};

const pageRoutes: RouteObject[] = PAGE_ROUTES.map((path) => ({
  path,
  lazy: () => PAGES[path]().then((page) => ({ Component: page.default })),
}));

export function createAppRouter() {
  return createBrowserRouter([
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
  ]);
}
