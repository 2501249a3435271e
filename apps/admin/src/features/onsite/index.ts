export { CustomerLoginEditor, SignupBlockEditor } from "./components/account-block-editors";
export { CheckoutDiscountEditor } from "./components/checkout-discount-editor";
export { FaqsEditor } from "./components/faqs-editor";
export { LoyaltyPageEditor } from "./components/loyalty-page-editor";
export { OnsiteOverview } from "./components/onsite-overview";
export { PointCalculatorEditor } from "./components/point-calculator-editor";
export { PopupEditor } from "./components/popup-editor";
export { WidgetDesigner } from "./components/widget-designer";
