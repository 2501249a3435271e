export { postLogin, usePostLogin } from "./api/post-login";
export { postLogout, usePostLogout } from "./api/post-logout";
export { LoginForm } from "./components/login-form";
export { useLogout } from "./hooks/use-logout";
export { loginErrorMessages, safeRedirect, validateLogin } from "./utils/login-errors";
