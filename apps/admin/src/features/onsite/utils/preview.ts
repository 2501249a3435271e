import {
  defaultPointLabel,
  launcherIconUrl,
  type ProxyCustomerResponse,
  type WidgetDesign,
  type WidgetDesignResponse,
  type WidgetSettings,
  widgetPresetPalettes,
} from "@laurel/contracts";

export type PreviewAudience = "guest" | "member";
export type PreviewDevice = "desktop" | "mobile";

/** The path the preview's widget talks to; the page inside the frame answers it with sample data. */
export const PREVIEW_PROXY = "/laurel-preview";

/**
 * What `GET /proxy/widget` would answer once this design is saved: the saved answer (its texts in
 * the shop's language) with the design laid over it, as the server resolves it (plan gates too).
 */
export function previewSettings(
  design: WidgetDesign,
  base: WidgetSettings,
  allows: WidgetDesignResponse["allows"],
): WidgetSettings {
  const colors = allows.colours ? design.colors : widgetPresetPalettes[design.preset];
  const label = design.launcher.label.trim() || base.launcher.label;
  return {
    ...base,
    enabled: true,
    launcher: {
      position: design.launcher.position,
      style: design.launcher.style,
      label,
    },
    display: design.display,
    mobileHeight: design.mobileHeight,
    colors,
    hiddenPages: [],
    hiddenPaths: [],
    hideForGuests: false,
    pointLabel: allows.pointLabel ? design.pointLabel : defaultPointLabel,
    // The server removes `<` and @import as well; the preview shows the CSS as it will apply.
    customCss: allows.advancedCss && design.customCss ? design.customCss.replace(/</g, "") : null,
    translations: { ...base.translations, "launcher.label": label },
    launcherIcon: launcherIconUrl(design.launcher.icon, design.launcher.iconUrl, colors.primaryText),
    blocks: {
      guest: design.blocks.guest.filter((b) => b.visible).map((b) => b.id),
      member: design.blocks.member.filter((b) => b.visible).map((b) => b.id),
    },
    card: design.card,
    iconTheme: design.iconTheme,
    programSort: design.programSort,
    showPoweredBy: design.showPoweredBy || !allows.removePoweredBy,
  };
}

/** Sample data for the preview: a guest, or a member with a balance, pending points and a tier. */
export function sampleCustomer(audience: PreviewAudience, currency: string): ProxyCustomerResponse {
  const waysToEarn = [
    {
      programId: "p1",
      event: "sign_up",
      title: "Sign up",
      points: 100,
      perAmount: null,
      perItems: null,
      completed: audience === "member",
    },
    {
      programId: "p2",
      event: "place_order",
      title: "Place an order",
      points: 5,
      perAmount: 100,
      perItems: null,
      completed: false,
    },
    {
      programId: "p3",
      event: "birthday",
      title: "Celebrate a birthday",
      points: 200,
      perAmount: null,
      perItems: null,
      completed: false,
    },
  ];
  const waysToRedeem = [
    {
      programId: "r1",
      event: "amount_discount",
      title: "$5 off coupon",
      redeemType: "fixed" as const,
      points: 500,
      minPoints: null,
      maxPoints: null,
      rewardKind: "amount",
      rewardValue: 500,
      currency,
      available: audience === "member",
      unavailableReason: null,
    },
    {
      programId: "r2",
      event: "free_shipping",
      title: "Free shipping",
      redeemType: "fixed" as const,
      points: 800,
      minPoints: null,
      maxPoints: null,
      rewardKind: "free_shipping",
      rewardValue: null,
      currency,
      available: false,
      unavailableReason: "You don't have enough points",
    },
  ];
  const member = audience === "member";
  return {
    signedIn: member,
    customer: member
      ? {
          type: "member",
          joinedAt: "2026-01-01T00:00:00Z",
          availablePoints: 1250,
          pendingPoints: 40,
          tierPoints: 1250,
        }
      : null,
    tier: member
      ? { name: "Gold", next: { name: "Platinum", remaining: 750, progress: 62, unit: "points" } }
      : null,
    pointLabel: { singular: "point", plural: "points" },
    waysToEarn,
    waysToRedeem,
  } as ProxyCustomerResponse;
}

/** JSON that is safe inside an inline script (no `</script>`, no line separators). */
const inline = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/**
 * The page inside the preview's frame: a blank storefront page that embeds the real loader
 * (`widgetUrl`) exactly as the theme app embed does, with `fetch` to the preview proxy answered
 * from the given settings and sample data. The frame is sandboxed (scripts only, an opaque
 * origin), so the merchant's CSS and the widget cannot reach the admin.
 */
export function previewDocument(opts: {
  widgetUrl: string;
  settings: WidgetSettings;
  customer: ProxyCustomerResponse;
  audience: PreviewAudience;
  origin: string;
  pageLabel: string;
}): string {
  const loader = new URL(opts.widgetUrl, opts.origin).href;
  const customerId = opts.audience === "member" ? "1001" : "";
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{margin:0;min-height:100vh;font:14px/1.5 system-ui,sans-serif;background:#f6f6f7;color:#616161}main{padding:24px}.bar{height:12px;margin:12px 0;border-radius:6px;background:#e3e3e3}</style></head>
<body><main><p>${opts.pageLabel.replace(/[<&]/g, "")}</p><div class="bar" style="width:60%"></div><div class="bar" style="width:85%"></div><div class="bar" style="width:40%"></div></main>
<script>
(function () {
  var settings = ${inline(opts.settings)};
  var customer = ${inline(opts.customer)};
  var answers = {
    "/widget": settings,
    "/customer": customer,
    "/coupons": { coupons: [] },
    "/activities": { activities: [], pageInfo: { page: 1, pageSize: 10, total: 0, hasNextPage: false } }
  };
  // The sandboxed frame has no cookies (an opaque origin): reading them would throw.
  try { Object.defineProperty(document, "cookie", { get: function () { return ""; }, set: function () {} }); } catch (e) {}
  var realFetch = window.fetch.bind(window);
  window.fetch = function (input, init) {
    var url = new URL(typeof input === "string" ? input : input.url, ${inline(opts.origin)});
    if (url.pathname.indexOf(${inline(PREVIEW_PROXY)}) !== 0) return realFetch(input, init);
    var path = url.pathname.slice(${PREVIEW_PROXY.length});
    var data = answers[path];
    var body = data ? { success: true, data: data } : { success: false, error: "Not available in the preview", code: "preview" };
    return Promise.resolve(new Response(JSON.stringify(body), { status: data ? 200 : 400, headers: { "content-type": "application/json" } }));
  };
  // Open the panel once the launcher is drawn, so the preview shows it.
  var tries = 0;
  var timer = setInterval(function () {
    var host = document.querySelector("laurel-widget");
    var button = host && host.shadowRoot && host.shadowRoot.querySelector("[data-testid=laurel-launcher]");
    if (button || ++tries > 100) clearInterval(timer);
    if (button) button.click();
  }, 50);
})();
</script>
<script defer src="${loader}" data-laurel-proxy="${PREVIEW_PROXY}" data-laurel-shop="preview" data-laurel-locale="${opts.settings.locale.replace(/[^\w-]/g, "")}" data-laurel-page="home" data-laurel-customer="${customerId}"></script>
</body></html>`;
}
