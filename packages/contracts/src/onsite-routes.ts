import { uploadBody, uploadResponse, widgetDesignResponse, widgetDesignSchema } from "./onsite";
import {
  checkoutDiscountResponse,
  checkoutDiscountSchema,
  faqsBody,
  faqsResponse,
  popupResponse,
  popupSchema,
  proxyOnsiteResponse,
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
  "GET /proxy/onsite": {
    summary: "Storefront: the enabled popups, the same for every shopper (cacheable)",
    guard: "proxy",
    response: proxyOnsiteResponse,
  },
} as const;
