export { AppNavigation } from "./components/app-navigation";
