export { EmailLogView } from "./components/email-log-view";
