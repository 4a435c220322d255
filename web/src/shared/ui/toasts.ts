/**
 * The toast queue: a few hundred bytes any page may call (`toast.success("Track added.")`). The region that shows
 * the toasts (ToastRegion.tsx) loads and mounts itself, once per site, when the first toast is raised, so it costs
 * the sites' initial bundles nothing.
 */
export type ToastTone = "success" | "error" | "info";

export interface ToastItem {
  id: number;
  tone: ToastTone;
  text: string;
}

type Listener = (items: readonly ToastItem[]) => void;

let items: readonly ToastItem[] = [];
let nextId = 1;
let regionMounted = false;
const listeners = new Set<Listener>();

const publish = () => {
  for (const listener of listeners) listener(items);
};

function show(tone: ToastTone, text: string): number {
  const id = nextId++;
  // At most three at once: the oldest goes first.
  items = [...items.slice(-2), { id, tone, text }];
  if (!regionMounted) {
    regionMounted = true;
    void import("./ToastRegion.tsx").then((module) => module.mountToastRegion());
  }
  publish();
  return id;
}

/** Raises a toast: a short outcome message, announced to screen readers, that never takes focus. */
export const toast = {
  success: (text: string) => show("success", text),
  error: (text: string) => show("error", text),
  info: (text: string) => show("info", text),
  dismiss(id: number) {
    if (!items.some((item) => item.id === id)) return;
    items = items.filter((item) => item.id !== id);
    publish();
  },
  /** Clears the queue (between tests). */
  clear() {
    items = [];
    publish();
  },
};

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  listener(items);
  return () => listeners.delete(listener);
}
