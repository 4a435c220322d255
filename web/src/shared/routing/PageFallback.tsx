import { Spinner } from "../ui/Spinner.tsx";
import styles from "./routing.module.css";

/** Shown while a page's code or data is on its way. */
export function PageFallback() {
  return (
    <div className={styles.fallback}>
      <Spinner size="lg" label="Loading page..." />
    </div>
  );
}
