export { SetupWizard } from "./components/setup-wizard";
