export {
  SETUP_STEPS,
  type SetupStepKey,
  SetupWizard,
  type SetupWizardProps,
} from "./components/setup-wizard";
