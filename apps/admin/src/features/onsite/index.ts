export { CheckoutDiscountEditor } from "./components/checkout-discount-editor";
export { FaqsEditor } from "./components/faqs-editor";
export { OnsiteOverview } from "./components/onsite-overview";
export { PopupEditor } from "./components/popup-editor";
export { WidgetDesigner } from "./components/widget-designer";
