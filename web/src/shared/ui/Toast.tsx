/** The UI kit's toasts: `toast.success(text)` and its kin (toasts.ts); the region mounts itself (ToastRegion.tsx). */
export { toast } from "./toasts.ts";
