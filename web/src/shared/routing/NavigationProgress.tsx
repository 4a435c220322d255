import { useNavigation } from "react-router-dom";
import styles from "./routing.module.css";

/** A thin bar along the top while the next page's code and data load; the current page stays usable meanwhile. */
export function NavigationProgress() {
  const navigation = useNavigation();
  return navigation.state === "idle" ? null : <div className={styles.progress} aria-hidden="true" />;
}
