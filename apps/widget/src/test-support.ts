/**
 * Test helpers: a storefront page with the embed, settings as `GET /proxy/widget` answers them,
 * and a fake app proxy. (The English texts are restated here, not imported: the widget may use
 * the contracts for types only, DESIGN §3, and a text changing there must not break these tests.)
 */
import type { ProxyCustomerResponse, WidgetSettings } from "@laurel/contracts";
import { vi } from "vitest";

export const texts: Record<string, string> = {
  "launcher.label": "Rewards",
  "panel.title": "Rewards",
  "panel.close": "Close",
  "panel.back": "Back",
  "panel.loading": "Loading…",
  "panel.error": "We couldn't load your rewards. Please try again.",
  "panel.retry": "Try again",
  "guest.title": "Join our rewards program",
  "guest.body": "Earn {{loyalty_point}} on every order and spend them on rewards.",
  "guest.createAccount": "Create account",
  "guest.haveAccount": "Already have an account?",
  "guest.signIn": "Sign in",
  "join.title": "Become a member",
  "join.body": "Join the rewards program to start earning {{loyalty_point}}.",
  "join.button": "Join now",
  "join.done": "Welcome! You're now a member.",
  "left.body": "You have left the loyalty program. Please contact the store to rejoin.",
  "member.welcome": "Welcome back",
  "member.pending": "{{points}} pending",
  "member.owed": "{{points}} owed: new {{loyalty_point}} pay this back first",
  "member.coupons": "My coupons",
  "member.history": "Points history",
  "member.referral": "Refer a friend",
  "referral.copy": "Copy link",
  "referral.copied": "Link copied",
  "referral.share": "Share",
  "referral.share.email": "E-mail",
  "referral.share.facebook": "Facebook",
  "referral.share.x": "X",
  "referral.share.whatsapp": "WhatsApp",
  "referral.stats": "Your code {{code}}: {{completed}} completed, {{pending}} pending",
  "referral.unavailable": "Referral is not available for your account",
  "referral.claimed": "Welcome! Your friend's reward is ready {{code}}",
  "referral.invite": "Invite a friend by e-mail",
  "referral.inviteEmail": "Your friend's e-mail",
  "referral.inviteSend": "Send invitation",
  "referral.invited": "Invitation sent to {{email}}",
  "tier.current": "VIP tier: {{tier}}",
  "tier.next": "{{points}} to {{next_rank}}",
  "vip.off": "{{value}} off",
  "vip.freeShipping": "Free shipping",
  "vip.minimum": "on orders of {{amount}} or more",
  "vip.until": "until {{date}}",
  "vip.yourCode": "Your code: {{code}}",
  "vip.apply": "Use it",
  "vip.coupons": "Your VIP coupons",
  "vip.couponEntry": "{{tier}} tier-up coupon",
  "vip.couponPre": "Almost {{tier}} coupon",
  "earn.title": "Ways to earn",
  "earn.perAmount": "{{points}} for every {{amount}} spent",
  "earn.perItem": "{{points}} for every item",
  "earn.perItems": "{{points}} for every {{count}} items",
  "earn.completed": "Completed",
  "redeem.title": "Ways to redeem",
  "redeem.button": "Redeem",
  "redeem.range": "{{min}} to {{max}}",
  "redeem.from": "From {{min}}",
  "redeem.amount": "{{loyalty_point}} to spend",
  "redeem.hint": "From {{min}} to {{max}}, in steps of {{step}}",
  "redeem.confirm": "Redeem {{points}}",
  "redeem.cancel": "Cancel",
  "redeem.success": "Your reward is ready",
  "redeem.code": "Your discount code",
  "redeem.copy": "Copy code",
  "redeem.copied": "Code copied",
  "redeem.copyFailed": "Select the code and copy it",
  "redeem.apply": "Apply to cart",
  "reward.amount": "{{value}} off",
  "reward.percentage": "{{value}}% off",
  "reward.free_shipping": "Free shipping",
  "coupons.title": "My coupons",
  "coupons.available": "Available",
  "coupons.unavailable": "Unavailable",
  "coupons.empty": "No coupons here yet",
  "coupons.expires": "Expires {{date}}",
  "coupons.status.redeemed": "Used",
  "coupons.status.expired": "Expired",
  "coupons.status.revoked": "Revoked",
  "coupons.revoke": "Revoke",
  "coupons.revokeConfirm": "Revoke this coupon? Its {{loyalty_point}} come back to you.",
  "coupons.revokeYes": "Yes, revoke",
  "coupons.revokeNo": "Keep it",
  "coupons.revoked": "Coupon revoked. Your {{loyalty_point}} are back.",
  "history.title": "Points history",
  "history.empty": "No activity yet",
  "history.more": "Load more",
  "history.pending": "pending",
  "activity.earn": "Points earned",
  "activity.redeem": "Points spent",
  "activity.adjust": "Points adjusted",
  "activity.remove": "Points removed",
  "activity.other": "Points updated",
  "activity.earn_place_order": "Placed an order",
  "activity.redeem_point": "Redeemed a reward",
  "message.generic": "Something went wrong. Please try again.",
  "message.insufficient_points": "Current balance is insufficient",
  "message.revoke_limit": "You can only revoke {{limit}} times per {{timeframe}}",
  "earnmore.open": "More ways to earn",
  "earnmore.title": "More ways to earn",
  "earnmore.none": "No other ways to earn right now",
  "earnmore.pending": "Pending approval",
  "earnmore.done": "Completed",
  "earnmore.signIn": "Sign in to earn",
  "earnmore.write_review": "Write a review",
  "earnmore.google_label": "Your Google Maps review link",
  "earnmore.google_submit": "Submit link",
  "earnmore.google_sent": "Thanks! {{points}} now, the rest once your review is approved",
};

export function settings(overrides: Partial<WidgetSettings> = {}): WidgetSettings {
  return {
    enabled: true,
    launcher: { position: "bottom_right", style: "icon_label", label: "Rewards" },
    display: "widget",
    mobileHeight: "80",
    colors: {
      primary: "#1f4b3f",
      primaryText: "#ffffff",
      background: "#ffffff",
      text: "#1c1c1c",
      accent: "#b7791f",
    },
    hiddenPages: [],
    hideForGuests: false,
    pointLabel: { singular: "point", plural: "points", position: "after" },
    couponRevoke: { enabled: true },
    currency: "USD",
    customCss: null,
    locale: "en",
    translations: { ...texts },
    ...overrides,
  };
}

export const ok = <T>(data: T) => ({ success: true, data });
export const fail = (status: number, code: string, error: string) => ({
  status,
  body: { success: false, code, error },
});

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

type Route = (call: Call) => unknown;

/**
 * A fake app proxy on `fetch`: `routes["GET /customer"]` answers `{ status?, body }` or a body
 * (200); a route that throws is a network failure; unknown routes answer 404.
 */
export function fakeProxy(routes: Record<string, Route | unknown>, proxy = "/apps/laurel") {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), location.href);
    const method = init.method ?? "GET";
    const path = url.pathname.slice(proxy.length);
    const call = {
      method,
      path: path + url.search,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const route = routes[`${method} ${path}`] ?? routes[`${method} ${path}${url.search}`];
    if (route === undefined)
      return new Response(JSON.stringify({ success: false, code: "route_not_found" }), { status: 404 });
    const answer = typeof route === "function" ? await (route as Route)(call) : route;
    if (answer instanceof Response) return answer;
    const { status, body } =
      answer && typeof answer === "object" && "status" in answer
        ? (answer as { status: number; body: unknown })
        : { status: 200, body: answer };
    return new Response(typeof body === "string" ? body : JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls, fetch: fetchMock };
}

export function customerView(overrides: Partial<ProxyCustomerResponse> = {}): ProxyCustomerResponse {
  return {
    signedIn: true,
    customer: {
      type: "member",
      joinedAt: "2026-01-01T00:00:00.000Z",
      availablePoints: 1250,
      pendingPoints: 40,
      tierPoints: 0,
    },
    tier: null,
    pointLabel: { singular: "point", plural: "points" },
    waysToEarn: [
      {
        programId: "prg_order",
        event: "place_order",
        title: "Place an order",
        points: 10,
        perAmount: 10_000,
        perItems: null,
        completed: false,
      },
      {
        programId: "prg_signup",
        event: "sign_up",
        title: "Sign up",
        points: 100,
        perAmount: null,
        perItems: null,
        completed: true,
      },
    ],
    waysToRedeem: [
      {
        programId: "prg_5off",
        event: "amount_discount",
        title: "$5 off coupon",
        redeemType: "fixed",
        points: 500,
        minPoints: null,
        maxPoints: null,
        rewardKind: "amount",
        rewardValue: 500,
        currency: "USD",
        available: true,
        unavailableReason: null,
      },
      {
        programId: "prg_ship",
        event: "free_shipping",
        title: "Free shipping",
        redeemType: "fixed",
        points: 2000,
        minPoints: null,
        maxPoints: null,
        rewardKind: "free_shipping",
        rewardValue: null,
        currency: "USD",
        available: false,
        unavailableReason: "Current balance is insufficient",
      },
      {
        programId: "prg_dyn",
        event: "amount_discount",
        title: "Spend your points",
        redeemType: "dynamic",
        points: 100,
        minPoints: 200,
        maxPoints: 1000,
        rewardKind: "amount",
        rewardValue: 200,
        currency: "USD",
        available: true,
        unavailableReason: null,
      },
    ],
    ...overrides,
  };
}

/** A guest: the API names a reward by its program's event when it has no quote (`amount_discount`). */
export function guestView() {
  const view = customerView({ signedIn: false, customer: null });
  view.waysToRedeem = view.waysToRedeem.map((w) => ({
    ...w,
    rewardKind: w.event,
    available: false,
    unavailableReason: "Account not found",
  }));
  return view;
}

/** Lets pending promises, timers of 0 ms and Preact's renders run. */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((r) => setTimeout(r, 0));
}
