import Star from "lucide-react/icons/star";
import type { ReactNode, SVGProps } from "react";

/**
 * The one icon set of both sites: Lucide's line icons, drawn in the current text colour (18 px by default, set for
 * each site in startSite) and hidden from assistive technology (Lucide adds aria-hidden unless given a label); the
 * control around them carries the accessible name. They are re-exported under this kit's names, one module per icon
 * (not Lucide's index of some 5,000), so each icon is bundled with the pages that use it and no others, and tests and
 * the dev server load only the icons in use.
 */
export { default as ArrowDownIcon } from "lucide-react/icons/arrow-down";
export { default as ArrowLeftIcon } from "lucide-react/icons/arrow-left";
export { default as ArrowRightIcon } from "lucide-react/icons/arrow-right";
export { default as ArrowUpIcon } from "lucide-react/icons/arrow-up";
export { default as AwardIcon } from "lucide-react/icons/award";
export { default as BookIcon } from "lucide-react/icons/book";
export { default as CoursesIcon } from "lucide-react/icons/book-open";
export { default as CalendarIcon } from "lucide-react/icons/calendar";
export { default as ReportIcon } from "lucide-react/icons/chart-column";
export { default as CheckIcon } from "lucide-react/icons/check";
export { default as ChevronDownIcon } from "lucide-react/icons/chevron-down";
export { default as ChevronLeftIcon } from "lucide-react/icons/chevron-left";
export { default as ChevronRightIcon } from "lucide-react/icons/chevron-right";
export { default as AlertCircleIcon } from "lucide-react/icons/circle-alert";
export { default as CheckCircleIcon } from "lucide-react/icons/circle-check";
export { default as PlayIcon } from "lucide-react/icons/circle-play";
export { default as ClockIcon } from "lucide-react/icons/clock";
export { default as CreditCardIcon } from "lucide-react/icons/credit-card";
export { default as DownloadIcon } from "lucide-react/icons/download";
export { default as EyeIcon } from "lucide-react/icons/eye";
export { default as InvoiceIcon } from "lucide-react/icons/file-text";
export { default as GraduationIcon } from "lucide-react/icons/graduation-cap";
export { default as ImageIcon } from "lucide-react/icons/image";
export { default as InfoIcon } from "lucide-react/icons/info";
export { default as TracksIcon } from "lucide-react/icons/layers";
export { default as DashboardIcon } from "lucide-react/icons/layout-dashboard";
export { default as LockIcon } from "lucide-react/icons/lock";
export { default as LogOutIcon } from "lucide-react/icons/log-out";
export { default as MailIcon } from "lucide-react/icons/mail";
export { default as MapPinIcon } from "lucide-react/icons/map-pin";
export { default as MenuIcon } from "lucide-react/icons/menu";
export { default as PencilIcon } from "lucide-react/icons/pencil";
export { default as PhoneIcon } from "lucide-react/icons/phone";
export { default as PlusIcon } from "lucide-react/icons/plus";
export { default as AuditIcon } from "lucide-react/icons/scroll-text";
export { default as SearchIcon } from "lucide-react/icons/search";
export { default as StaffIcon } from "lucide-react/icons/shield-check";
export { default as TrashIcon } from "lucide-react/icons/trash-2";
export { default as UploadIcon } from "lucide-react/icons/upload";
export { default as UserIcon } from "lucide-react/icons/user";
export { default as UsersIcon } from "lucide-react/icons/users";
export { default as WalletIcon } from "lucide-react/icons/wallet";
export { default as XIcon } from "lucide-react/icons/x";

export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** Filled, for the rating display. */
export const StarIcon = ({ filled, size = 18, ...p }: { filled: boolean; size?: number; className?: string }) => (
  <Star size={size} strokeWidth={1.5} fill={filled ? "currentColor" : "none"} {...p} />
);

/**
 * A hand-drawn 24x24 line icon, for the brand marks Lucide does not ship (LinkedIn, X, Instagram, YouTube).
 * Decorative like the others.
 */
export function Icon({ size = 18, children, ...rest }: IconProps & { children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

export const LinkedInIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-4 0v7h-4v-7a6 6 0 0 1 6-6zM2 9h4v12H2z" />
    <circle cx="4" cy="4" r="2" />
  </Icon>
);

export const XSocialIcon = (p: IconProps) => (
  <Icon fill="currentColor" stroke="none" {...p}>
    <path d="M18.24 2.25h3.31l-7.23 8.26 8.5 11.24h-6.65l-5.21-6.82-5.97 6.82H1.68l7.73-8.84L1.25 2.25h6.83l4.71 6.23zm-1.16 17.52h1.83L7.08 4.13H5.12z" />
  </Icon>
);

export const InstagramIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="2" y="2" width="20" height="20" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <path d="M17.5 6.5h.01" />
  </Icon>
);

export const YouTubeIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M22.5 6.4a2.8 2.8 0 0 0-2-2C18.9 4 12 4 12 4s-6.9 0-8.5.4a2.8 2.8 0 0 0-2 2A29 29 0 0 0 1 12a29 29 0 0 0 .5 5.6 2.8 2.8 0 0 0 2 2c1.6.4 8.5.4 8.5.4s6.9 0 8.5-.4a2.8 2.8 0 0 0 2-2A29 29 0 0 0 23 12a29 29 0 0 0-.5-5.6z" />
    <path d="m10 15 5-3-5-3z" />
  </Icon>
);
