export { DevelopersCard } from "./components/developers-card";
