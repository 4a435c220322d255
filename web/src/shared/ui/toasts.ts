import { clearToasts, dismissToast, pushToast, type ToastTone } from "./toastQueue.ts";

/**
 * The toast queue: a few hundred bytes any page may call (`toast.success("Track added.")`). The region that shows
 * the toasts (ToastRegion.tsx) loads and mounts itself, once per site, when the first toast is raised, so it costs
 * the sites' initial bundles nothing. The queue itself is toastQueue.ts, which the region reads.
 */

let regionMounted = false;

function show(tone: ToastTone, text: string): number {
  if (!regionMounted) {
    regionMounted = true;
    void import("./ToastRegion.tsx").then((module) => module.mountToastRegion());
  }
  return pushToast(tone, text);
}

/** Raises a toast: a short outcome message, announced to screen readers, that never takes focus. */
export const toast = {
  success: (text: string) => show("success", text),
  error: (text: string) => show("error", text),
  info: (text: string) => show("info", text),
  dismiss: dismissToast,
  /** Clears the queue (between tests). */
  clear: clearToasts,
};
