export { CustomerImportView } from "./components/customer-import-view";
export { DevImportListView } from "./components/dev-import-list-view";
export { MigrationWizardView } from "./components/migration-wizard-view";
