import { startSite } from "../shared/routing/startSite.tsx";
import { createLearnerRoutes } from "./routes.tsx";

startSite("learnerToken", createLearnerRoutes);
