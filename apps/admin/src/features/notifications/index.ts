export { EmailLanguageCard } from "./components/email-language-card";
export { NotificationEditor } from "./components/notification-editor";
export { NotificationList } from "./components/notification-list";
