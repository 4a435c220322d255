import type { ComponentType } from "react";
import { CoursesIcon, DashboardIcon, InvoiceIcon, ReportIcon, TracksIcon, UsersIcon } from "../../shared/ui/icons.tsx";

export interface NavigationItem {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number }>;
  /** Other paths under this item, e.g. a track's details page belongs to Tracks. */
  alsoActiveOn?: string[];
}

/** The sidebar's entries, in the spec's order. */
export const navigation: NavigationItem[] = [
  { label: "Dashboard", to: "/dashboard", icon: DashboardIcon },
  { label: "Invoices", to: "/invoice", icon: InvoiceIcon },
  { label: "Learners", to: "/learners", icon: UsersIcon },
  { label: "Tracks", to: "/track", icon: TracksIcon, alsoActiveOn: ["/trackdetails/*"] },
  { label: "Courses", to: "/courses", icon: CoursesIcon },
  { label: "Report", to: "/report", icon: ReportIcon },
];
