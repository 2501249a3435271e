import {
  proxyBirthdayBody,
  proxyBirthdayClaimBody,
  proxyEarnDatesView,
  proxyEarnResult,
  proxySocialBody,
} from "./earn-dates";

/** The routes of issue 15, part 1 in `apiRoutes`, kept here so the shared table grows by one line. */
export const earnDatesRoutes = {
  "GET /proxy/earn-dates": {
    summary: "Storefront: birthday, anniversary, visit, streak and social ways to earn with their state",
    guard: "proxy",
    response: proxyEarnDatesView,
  },
  "POST /proxy/birthday": {
    summary: "Storefront: the shopper sets their birthday (G-03, G-06, G-07: 'Birthday is invalid')",
    guard: "proxy",
    body: proxyBirthdayBody,
    response: proxyEarnDatesView,
  },
  "POST /proxy/birthday/claim": {
    summary: "Storefront: claim a manual-delivery birthday reward inside its window (G-02)",
    guard: "proxy",
    body: proxyBirthdayClaimBody,
    response: proxyEarnResult,
  },
  "POST /proxy/visit": {
    summary: "Storefront: a website visit (G-21, G-22, C-35) and the streak day (G-17 … G-19)",
    guard: "proxy",
    response: proxyEarnResult,
  },
  "POST /proxy/social": {
    summary: "Storefront: the shopper came back from a social link; its points, once (G-24)",
    guard: "proxy",
    body: proxySocialBody,
    response: proxyEarnResult,
  },
} as const;
