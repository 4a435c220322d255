import { startSite } from "../shared/routing/startSite.tsx";
import { createAdminRoutes } from "./routes.tsx";

startSite("token", createAdminRoutes);
