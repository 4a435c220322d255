import Star from "lucide-react/icons/star";

/**
 * The rating star, filled or not. Its own module (not icons.tsx, which only re-exports Lucide's icons): code in
 * icons.tsx would ride in the first chunk that imports any icon, the site's entry.
 */
export const StarIcon = ({ filled, size = 18, ...p }: { filled: boolean; size?: number; className?: string }) => (
  <Star size={size} strokeWidth={1.5} fill={filled ? "currentColor" : "none"} {...p} />
);
