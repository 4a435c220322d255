/**
 * The toasts on screen and who listens to them: the queue toasts.ts adds to and ToastRegion.tsx shows. Its own
 * module so that the region reads the queue without importing toasts.ts, which loads the region.
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
const listeners = new Set<Listener>();

const publish = () => {
  for (const listener of listeners) listener(items);
};

/** Adds a toast and returns its id. At most three at once: the oldest goes first. */
export function pushToast(tone: ToastTone, text: string): number {
  const id = nextId++;
  items = [...items.slice(-2), { id, tone, text }];
  publish();
  return id;
}

export function dismissToast(id: number) {
  if (!items.some((item) => item.id === id)) return;
  items = items.filter((item) => item.id !== id);
  publish();
}

export function clearToasts() {
  items = [];
  publish();
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  listener(items);
  return () => listeners.delete(listener);
}
