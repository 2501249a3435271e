export { CustomerListView } from "./components/customer-list-view";
export { CustomerProfileView } from "./components/customer-profile-view";
export { ShopActivityView } from "./components/shop-activity-view";
