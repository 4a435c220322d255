import { Star } from "lucide-react";
import type { ReactNode, SVGProps } from "react";

/**
 * The one icon set of both sites: Lucide's line icons, drawn in the current text colour (18 px by default, set for
 * each site in startSite) and hidden from assistive technology (Lucide adds aria-hidden unless given a label); the
 * control around them carries the accessible name. They are re-exported under this kit's names, so each icon module
 * is bundled with the pages that use it and no others.
 */
export {
  ArrowDown as ArrowDownIcon,
  ArrowLeft as ArrowLeftIcon,
  ArrowRight as ArrowRightIcon,
  ArrowUp as ArrowUpIcon,
  Award as AwardIcon,
  Book as BookIcon,
  BookOpen as CoursesIcon,
  Calendar as CalendarIcon,
  ChartColumn as ReportIcon,
  Check as CheckIcon,
  ChevronDown as ChevronDownIcon,
  ChevronLeft as ChevronLeftIcon,
  ChevronRight as ChevronRightIcon,
  CircleAlert as AlertCircleIcon,
  CircleCheck as CheckCircleIcon,
  CirclePlay as PlayIcon,
  Clock as ClockIcon,
  CreditCard as CreditCardIcon,
  Download as DownloadIcon,
  Eye as EyeIcon,
  FileText as InvoiceIcon,
  GraduationCap as GraduationIcon,
  Image as ImageIcon,
  Info as InfoIcon,
  Layers as TracksIcon,
  LayoutDashboard as DashboardIcon,
  Lock as LockIcon,
  LogOut as LogOutIcon,
  Mail as MailIcon,
  MapPin as MapPinIcon,
  Menu as MenuIcon,
  Pencil as PencilIcon,
  Phone as PhoneIcon,
  Plus as PlusIcon,
  ScrollText as AuditIcon,
  Search as SearchIcon,
  ShieldCheck as StaffIcon,
  Trash2 as TrashIcon,
  Upload as UploadIcon,
  User as UserIcon,
  Users as UsersIcon,
  Wallet as WalletIcon,
  X as XIcon,
} from "lucide-react";

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
