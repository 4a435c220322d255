import "../ui/theme.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RelayEnvironmentProvider } from "react-relay/hooks";
import { createBrowserRouter, type RouteObject, RouterProvider } from "react-router-dom";
import type { IEnvironment } from "relay-runtime";
import { createEnvironment, type TokenKey } from "../relay/environment.ts";

/**
 * Starts one site (admin console or learner site) in `#root`: its Relay environment, which sends the token stored
 * under `tokenKey`, and its routes.
 */
export function startSite(tokenKey: TokenKey, createRoutes: (environment: IEnvironment) => RouteObject[]) {
  const environment = createEnvironment(tokenKey);
  const router = createBrowserRouter(createRoutes(environment));
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <RelayEnvironmentProvider environment={environment}>
        <RouterProvider router={router} />
      </RelayEnvironmentProvider>
    </StrictMode>,
  );
}
