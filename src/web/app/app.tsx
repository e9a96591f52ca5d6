import { BrowserRouter } from "react-router";
import { AppErrorBoundary } from "./app-error-boundary.tsx";
import { AppProviders } from "./providers.tsx";
import { AuthenticatedShell } from "./shell/authenticated-shell.tsx";

export function App() {
  return (
    <AppErrorBoundary>
      <AppProviders>
        <BrowserRouter>
          <AuthenticatedShell />
        </BrowserRouter>
      </AppProviders>
    </AppErrorBoundary>
  );
}
