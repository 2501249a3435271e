export { CustomerListView } from "./components/customer-list-view";
export { CustomerProfileView } from "./components/customer-profile-view";
