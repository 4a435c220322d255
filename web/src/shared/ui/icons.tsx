import type { SVGProps } from "react";

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
export { default as SettingsIcon } from "lucide-react/icons/settings";
export { default as StaffIcon } from "lucide-react/icons/shield-check";
export { default as CouponIcon } from "lucide-react/icons/ticket-percent";
export { default as TrashIcon } from "lucide-react/icons/trash-2";
export { default as RefundIcon } from "lucide-react/icons/undo-2";
export { default as UploadIcon } from "lucide-react/icons/upload";
export { default as UserIcon } from "lucide-react/icons/user";
export { default as UsersIcon } from "lucide-react/icons/users";
export { default as WalletIcon } from "lucide-react/icons/wallet";
export { default as XIcon } from "lucide-react/icons/x";

export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/**
 * Components of the kit's own (the rating star, StarIcon.tsx; the brand marks, BrandIcons.tsx) live in modules of
 * their own: code here would ride in the first chunk that imports any icon, the site's entry.
 */
