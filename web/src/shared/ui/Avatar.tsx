import { Avatar as RadixAvatar } from "radix-ui";
import { initials } from "../format/format.ts";
import styles from "./Avatar.module.css";
import { cx } from "./cx.ts";

interface AvatarProps {
  /** The person's name: initials are the fallback while the image loads or when it fails or is missing. */
  name: string;
  src?: string | null;
  size?: "sm" | "md" | "lg";
  /** Set when the avatar stands alone; beside the visible name it is decorative and stays silent. */
  label?: string;
  className?: string;
}

export function Avatar({ name, src, size = "md", label, className }: AvatarProps) {
  return (
    <RadixAvatar.Root
      className={cx(styles.avatar, styles[size], className)}
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      {src && <RadixAvatar.Image className={styles.image} src={src} alt="" />}
      <RadixAvatar.Fallback delayMs={src ? 300 : 0}>{initials(name)}</RadixAvatar.Fallback>
    </RadixAvatar.Root>
  );
}
