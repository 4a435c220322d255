import { useEffect, useRef, useState } from "react";
import { createRoot } from "react-dom/client";
import { cx } from "./cx.ts";
import { AlertCircleIcon, CheckCircleIcon, InfoIcon, XIcon } from "./icons.tsx";
import styles from "./Toast.module.css";
import { dismissToast, subscribeToasts, type ToastItem } from "./toastQueue.ts";

const icons = { success: CheckCircleIcon, error: AlertCircleIcon, info: InfoIcon };

/** How long a toast stays (paused while the pointer is on it or focus is in it); errors stay longer. */
const DURATION = { success: 5000, info: 5000, error: 8000 } as const;

/**
 * Mounts the site's one toast region in its own root at the end of the page (called once, with the first toast).
 * It sits outside the app's tree, so no page's layout, dialog or route change can hide or remount it.
 */
export function mountToastRegion() {
  const host = document.createElement("div");
  host.dataset.toasts = "";
  document.body.append(host);
  createRoot(host).render(<ToastRegion />);
}

/**
 * The toasts on screen. The list is a polite live region that exists before its first toast is added, so screen
 * readers announce each one as it arrives (an error as an alert); nothing takes focus. Each has a Dismiss button.
 */
function ToastRegion() {
  const [items, setItems] = useState<readonly ToastItem[]>([]);
  const [ready, setReady] = useState(false);
  useEffect(() => subscribeToasts(setItems), []);
  // The empty live region is in the page for a frame before the first toast goes in, or it would not be announced.
  useEffect(() => {
    const frame = requestAnimationFrame(() => setReady(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <section className={styles.viewport} aria-label="Notifications">
      <ol className={styles.list} aria-live="polite" aria-relevant="additions text">
        {ready && items.map((item) => <Toast key={item.id} item={item} />)}
      </ol>
    </section>
  );
}

function Toast({ item }: { item: ToastItem }) {
  const Icon = icons[item.tone];
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const start = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => dismissToast(item.id), DURATION[item.tone]);
  };
  const pause = () => clearTimeout(timer.current);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the timer starts once, when the toast appears
  useEffect(() => {
    start();
    return pause;
  }, []);
  return (
    <li className={cx(styles.toast, styles[item.tone])} onMouseEnter={pause} onMouseLeave={start} onFocus={pause} onBlur={start}>
      <Icon className={styles.icon} />
      <p className={styles.text} role={item.tone === "error" ? "alert" : undefined}>
        {item.text}
      </p>
      <button type="button" className={styles.close} onClick={() => dismissToast(item.id)}>
        <XIcon size={16} />
        <span className="visually-hidden">Dismiss</span>
      </button>
    </li>
  );
}
