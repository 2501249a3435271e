import { NotFoundPage } from "../../components/not-found-page";
import { RootProviders } from "../providers";

/**
 * a screen that crashes while rendering shows the 'Not Found' page (inside the app frame);
 * React Router's error boundary catches it and React logs the error.
 */
export function RouteErrorPage() {
  return <NotFoundPage />;
}

/** The last resort, when the shell itself crashed: the same page, with its own providers. */
export function RootErrorPage() {
  return (
    <RootProviders>
      <NotFoundPage />
    </RootProviders>
  );
}
