import type { ComponentType } from "react";
import {
  AuditIcon,
  CalendarIcon,
  CouponIcon,
  CoursesIcon,
  DashboardIcon,
  InvoiceIcon,
  ReportIcon,
  SettingsIcon,
  StaffIcon,
  TracksIcon,
  UsersIcon,
} from "../../shared/ui/icons.tsx";
import { can, type Permission, type StaffViewer } from "../staff/AdminViewer.ts";

export interface NavigationItem {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number }>;
  /** What the account needs to use the page; the item is hidden without it. */
  permission: Permission;
  /** Other paths under this item, e.g. a track's details page belongs to Tracks. */
  alsoActiveOn?: string[];
}

/** The sidebar's entries: those of docs/product.md, Admin pages, in that order (Instalment plans beside Invoices), then the owners' Staff and Audit log pages. */
export const navigation: NavigationItem[] = [
  { label: "Dashboard", to: "/dashboard", icon: DashboardIcon, permission: "readDashboard" },
  { label: "Invoices", to: "/invoice", icon: InvoiceIcon, permission: "readInvoices" },
  { label: "Instalment plans", to: "/instalment-plans", icon: CalendarIcon, permission: "readInvoices" },
  { label: "Learners", to: "/learners", icon: UsersIcon, permission: "readLearners" },
  { label: "Tracks", to: "/track", icon: TracksIcon, permission: "readCatalogue", alsoActiveOn: ["/trackdetails/*"] },
  { label: "Courses", to: "/courses", icon: CoursesIcon, permission: "readCatalogue" },
  { label: "Report", to: "/report", icon: ReportIcon, permission: "readReports" },
  { label: "Coupons", to: "/coupons", icon: CouponIcon, permission: "manageCoupons" },
  { label: "Staff", to: "/staff", icon: StaffIcon, permission: "manageStaff" },
  { label: "Audit log", to: "/audit", icon: AuditIcon, permission: "manageStaff" },
  { label: "Settings", to: "/settings", icon: SettingsIcon, permission: "manageSettings" },
];

/** The sidebar entries this account may use. */
export const navigationFor = (viewer: Pick<StaffViewer, "permissions"> | null | undefined) =>
  navigation.filter((item) => can(viewer, item.permission));

/**
 * Where an account goes after login, or from a page it may not use: the dashboard when it may read it, else the
 * courses (an instructor's work), else its first sidebar entry; a pending account waits.
 */
export function landingPath(viewer: Pick<StaffViewer, "status" | "permissions"> | null | undefined): string {
  if (!viewer || viewer.status === "PENDING") return "/pending";
  if (can(viewer, "readDashboard")) return "/dashboard";
  if (can(viewer, "editCourses")) return "/courses";
  return navigationFor(viewer)[0]?.to ?? "/pending";
}
