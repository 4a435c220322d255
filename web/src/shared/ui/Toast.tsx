import { lazy, Suspense, useEffect, useState } from "react";
import { subscribeToasts, type ToastItem } from "./toasts.ts";

export { toast } from "./toasts.ts";

const ToastRegion = lazy(() => import("./ToastRegion.tsx"));

/**
 * The site's one toast region, mounted once per site (startSite). Until the first toast it renders nothing and loads
 * nothing; then Radix Toast's region takes over: each toast is announced politely (a status message, or an alert for
 * errors) and never moves focus; F8 reaches the region from the keyboard.
 */
export function Toaster() {
  const [items, setItems] = useState<readonly ToastItem[]>([]);
  const [needed, setNeeded] = useState(false);
  useEffect(
    () =>
      subscribeToasts((next) => {
        setItems(next);
        if (next.length > 0) setNeeded(true);
      }),
    [],
  );
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion items={items} />
    </Suspense>
  );
}
