export { LoginForm } from "./components/login-form";
export { useLogout } from "./hooks/use-logout";
