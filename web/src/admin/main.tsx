import "../shared/ui/theme.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RelayEnvironmentProvider } from "react-relay/hooks";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { createEnvironment } from "../shared/relay/environment.ts";
import { createAdminRoutes } from "./routes.tsx";

const environment = createEnvironment("token");
const router = createBrowserRouter(createAdminRoutes(environment));

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <RelayEnvironmentProvider environment={environment}>
      <RouterProvider router={router} />
    </RelayEnvironmentProvider>
  </StrictMode>,
);
