import { type ComponentType, lazy, type ReactNode, Suspense } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { NotFoundPage } from "../components/not-found-page";
import { ScreenSkeleton } from "../components/skeletons";
import { EMBED_PREFIX } from "../lib/routing";
import { RootProviders } from "./providers";
import { type DevZoneToolKey, devZoneTools, type ScreenKey, shellRoutes } from "./route-table";
import { RootErrorPage, RouteErrorPage } from "./shell/route-error";
import { LOGIN_PATH, ShellRoot } from "./shell/shell-root";

/* Lazy routes (DESIGN §6): each screen's code loads with the screen. */
const screens: Record<ScreenKey, ComponentType> = {
  dashboard: lazy(() => import("./routes/home/dashboard")),
  downSell: lazy(() => import("./routes/plans/down-sell")),
  plans: lazy(() => import("./routes/plans/plans")),
  billingDashboard: lazy(() => import("./routes/plans/billing-dashboard")),
  customizePlan: lazy(() => import("./routes/plans/customize-plan")),
  deals: lazy(() => import("./routes/gift/deals")),
  featureRequest: lazy(() => import("./routes/feedback/feature-request")),
  landingPage: lazy(() => import("./routes/landing-page/landing-page")),
  aiAgent: lazy(() => import("./routes/ai-agent/ai-agent")),
  setup: lazy(() => import("./routes/setup/set-up")),
  customers: lazy(() => import("./routes/customers/customers")),
  programs: lazy(() => import("./routes/programs/programs")),
  referrals: lazy(() => import("./routes/referrals/referrals")),
  membership: lazy(() => import("./routes/membership/membership")),
  storefront: lazy(() => import("./routes/storefront/storefront")),
  analytics: lazy(() => import("./routes/analytics/analytics")),
  integration: lazy(() => import("./routes/integration/integration")),
  settings: lazy(() => import("./routes/settings/settings")),
  translations: lazy(() => import("./routes/settings/translations")),
  discount: lazy(() => import("./routes/discount/discount-function")),
  earnEvents: lazy(() => import("./routes/earn-events/earn-events")),
};
const LoginScreen = lazy(() => import("./routes/auth/login"));
const DevZoneScreen = lazy(() => import("./routes/dev-zone/dev-zone"));
const DevZoneShopsScreen = lazy(() => import("./routes/dev-zone/dev-zone-shops"));
const DevZoneWebhooksScreen = lazy(() => import("./routes/dev-zone/dev-zone-webhooks"));
const DevZoneImportsScreen = lazy(() => import("./routes/dev-zone/dev-zone-imports"));
const DevZoneToolScreen = lazy(() => import("./routes/dev-zone/dev-zone-tool")) as ComponentType<{
  tool: DevZoneToolKey;
}>;

/** every screen shows its skeleton while its code loads. */
function withSkeleton(element: ReactNode, fallback: ReactNode = <ScreenSkeleton />): ReactNode {
  return <Suspense fallback={fallback}>{element}</Suspense>;
}

function screenElement(key: ScreenKey): ReactNode {
  const Component = screens[key];
  return withSkeleton(<Component />);
}

function toChild(path: string, element: ReactNode): RouteObject {
  return path === "/" ? { index: true, element } : { path: path.slice(1), element };
}

/** The routes inside the shell, identical under `/` and `/embed`. */
function shellChildren(): RouteObject[] {
  return [
    {
      // a render crash in any screen shows the Not Found page, inside the frame.
      errorElement: <RouteErrorPage />,
      children: [
        ...shellRoutes.map((route) => toChild(route.path, screenElement(route.screen))),
        {
          path: "dev_zone",
          element: withSkeleton(<DevZoneScreen />),
          children: [
            { index: true, element: withSkeleton(<DevZoneShopsScreen />) },
            ...devZoneTools.map((tool) => ({
              path: tool.path,
              element: withSkeleton(
                tool.key === "webhooksLogs" ? (
                  <DevZoneWebhooksScreen />
                ) : tool.key === "importFileManager" ? (
                  <DevZoneImportsScreen />
                ) : (
                  <DevZoneToolScreen tool={tool.key} />
                ),
              ),
            })),
          ],
        },
        { path: "*", element: <NotFoundPage /> },
      ],
    },
  ];
}

export function createAppRoutes(): RouteObject[] {
  return [
    {
      element: <RootProviders />,
      errorElement: <RootErrorPage />,
      children: [
        { path: LOGIN_PATH, element: withSkeleton(<LoginScreen />, null) },
        { path: "/", element: <ShellRoot />, children: shellChildren() },
        { path: EMBED_PREFIX, element: <ShellRoot />, children: shellChildren() },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(createAppRoutes());
}
