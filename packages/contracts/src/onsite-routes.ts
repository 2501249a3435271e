import {
  loyaltyPageResponse,
  loyaltyPageSchema,
  pointCalculatorResponse,
  pointCalculatorSchema,
} from "./loyalty-page";
import { uploadBody, uploadResponse, widgetDesignResponse, widgetDesignSchema } from "./onsite";
import {
  checkoutDiscountResponse,
  checkoutDiscountSchema,
  customerLoginResponse,
  customerLoginSchema,
  faqsBody,
  faqsResponse,
  popupResponse,
  popupSchema,
  proxyOnsiteResponse,
  signupBlockResponse,
  signupBlockSchema,
} from "./onsite-content";

/** The on-site routes of `apiRoutes` (issue 12), kept here so the shared table grows by one line. */
export const onsiteRoutes = {
  "GET /apiSa/storefront/widget-design": {
    summary: "The widget design (N-03 … N-09) and what the shop's plans allow (N-13, N-22)",
    guard: "admin",
    response: widgetDesignResponse,
  },
  "PUT /apiSa/storefront/widget-design": {
    summary: "Save the whole widget design ('Saved successfully')",
    guard: "admin",
    body: widgetDesignSchema,
    response: widgetDesignResponse,
  },
  "POST /apiSa/storefront/uploads": {
    summary: "Upload a gif, jpg or png of at most 2 MB for the storefront (N-16)",
    guard: "admin",
    body: uploadBody,
    response: uploadResponse,
  },
  "GET /apiSa/storefront/faqs": {
    summary: "The loyalty page's FAQs (N-10), the defaults until the shop writes its own",
    guard: "admin",
    response: faqsResponse,
  },
  "PUT /apiSa/storefront/faqs": {
    summary: "Save the loyalty page's FAQs, in order ('Saved successfully')",
    guard: "admin",
    body: faqsBody,
    response: faqsResponse,
  },
  "GET /apiSa/storefront/popups/:kind": {
    summary: "A storefront popup: sign-up, visit-website or reward reminder (N-08, N-09, G-23, L-13)",
    guard: "admin",
    response: popupResponse,
  },
  "PUT /apiSa/storefront/popups/:kind": {
    summary: "Save a storefront popup ('Saved successfully')",
    guard: "admin",
    body: popupSchema,
    response: popupResponse,
  },
  "GET /apiSa/storefront/checkout-discount": {
    summary: "The checkout discount block (N-12) and whether the shop may show it (A-20, Plus)",
    guard: "admin",
    response: checkoutDiscountResponse,
  },
  "PUT /apiSa/storefront/checkout-discount": {
    summary: "Save the checkout discount block ('Saved successfully')",
    guard: "admin",
    body: checkoutDiscountSchema,
    response: checkoutDiscountResponse,
  },
  "GET /apiSa/storefront/loyalty-page": {
    summary: "The loyalty page's settings (N-10): URL, hero, sections and their order",
    guard: "admin",
    response: loyaltyPageResponse,
  },
  "PUT /apiSa/storefront/loyalty-page": {
    summary: "Save the loyalty page's settings ('Saved successfully')",
    guard: "admin",
    body: loyaltyPageSchema,
    response: loyaltyPageResponse,
  },
  "GET /apiSa/storefront/point-calculator": {
    summary: "The point calculator's settings (N-20, M-22) and the order programs it may count",
    guard: "admin",
    response: pointCalculatorResponse,
  },
  "PUT /apiSa/storefront/point-calculator": {
    summary: "Save the point calculator's settings ('Saved successfully')",
    guard: "admin",
    body: pointCalculatorSchema,
    response: pointCalculatorResponse,
  },
  "GET /apiSa/storefront/signup-block": {
    summary: "The sign-up block on the store's register page (N-02, N-21)",
    guard: "admin",
    response: signupBlockResponse,
  },
  "PUT /apiSa/storefront/signup-block": {
    summary: "Save the sign-up block ('Saved successfully')",
    guard: "admin",
    body: signupBlockSchema,
    response: signupBlockResponse,
  },
  "GET /apiSa/storefront/customer-login": {
    summary: "The customer login block on the store's sign-in page (N-02)",
    guard: "admin",
    response: customerLoginResponse,
  },
  "PUT /apiSa/storefront/customer-login": {
    summary: "Save the customer login block ('Saved successfully')",
    guard: "admin",
    body: customerLoginSchema,
    response: customerLoginResponse,
  },
  "GET /proxy/onsite": {
    summary: "Storefront: the enabled popups, the same for every shopper (cacheable)",
    guard: "proxy",
    response: proxyOnsiteResponse,
  },
} as const;
