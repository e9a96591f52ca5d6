import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router";
import { AppProviders } from "../app/providers.tsx";
import { createQueryClient } from "../lib/query-client.ts";

/** Renders inside the app's providers with a fresh query client, at `route`. */
export function renderWithApp(ui: ReactElement, { route = "/" }: { route?: string } = {}) {
  const client = createQueryClient();
  const result = render(
    <AppProviders client={client}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
  return { ...result, client };
}
