export { EmailLanguageCard } from "./components/email-language-card";
export { MailDeliveryCard } from "./components/mail-delivery-card";
export { NotificationEditor } from "./components/notification-editor";
export { NotificationList } from "./components/notification-list";
export { NotificationTool } from "./components/notification-tool";
