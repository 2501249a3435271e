export { usePrograms } from "./api/get-programs";
export { OrderExplanationView } from "./components/order-explanation-view";
export { ProgramEditor } from "./components/program-editor";
export { ProgramListPage } from "./components/program-list-page";
export { type ProgramTab, tabOf, tabOfProgram } from "./utils/program-events";
export { hasEditor, programTypeOf } from "./utils/program-form";
