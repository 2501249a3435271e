export { usePrograms } from "./api/get-programs";
export { CustomerOrderExplanations } from "./components/customer-order-explanations";
export { DiscountLinkView } from "./components/discount-link-view";
export { OrderExplanationView } from "./components/order-explanation-view";
export { ProgramEditor } from "./components/program-editor";
export { ProgramListPage } from "./components/program-list-page";
export { ProgramNamesModal } from "./components/program-names-modal";
export { type ProgramTab, tabOf, tabOfProgram } from "./utils/program-events";
export { hasEditor, programTypeOf } from "./utils/program-form";
