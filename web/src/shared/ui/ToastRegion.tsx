import { Toast } from "radix-ui";
import { cx } from "./cx.ts";
import { AlertCircleIcon, CheckCircleIcon, InfoIcon, XIcon } from "./icons.tsx";
import styles from "./Toast.module.css";
import { type ToastItem, toast } from "./toasts.ts";

const icons = { success: CheckCircleIcon, error: AlertCircleIcon, info: InfoIcon };

/** How long a toast stays (paused while hovered or focused); errors stay longer. */
const DURATION = { success: 5000, info: 5000, error: 8000 } as const;

/** The toasts on screen (loaded with the first one; see Toast.tsx). */
export default function ToastRegion({ items }: { items: readonly ToastItem[] }) {
  return (
    <Toast.Provider label="Notifications" swipeDirection="right">
      {items.map((item) => {
        const Icon = icons[item.tone];
        return (
          <Toast.Root
            key={item.id}
            className={cx(styles.toast, styles[item.tone])}
            type={item.tone === "error" ? "foreground" : "background"}
            duration={DURATION[item.tone]}
            onOpenChange={(open) => !open && toast.dismiss(item.id)}
          >
            <Icon className={styles.icon} />
            <Toast.Description className={styles.text}>{item.text}</Toast.Description>
            <Toast.Close className={styles.close} aria-label="Dismiss">
              <XIcon size={16} />
            </Toast.Close>
          </Toast.Root>
        );
      })}
      <Toast.Viewport className={styles.viewport} />
    </Toast.Provider>
  );
}
