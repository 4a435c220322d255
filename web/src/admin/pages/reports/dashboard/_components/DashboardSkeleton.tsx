import { Card } from "../../../../../shared/ui/Card.tsx";
import styles from "./DashboardSkeleton.module.css";

/** The dashboard's shape while its figures load. */
export function DashboardSkeleton() {
  return (
    <div className={styles.skeleton} role="status" aria-label="Loading dashboard...">
      <div className={styles.cards}>
        {[1, 2, 3].map((n) => (
          <Card key={n} className={styles.card}>
            <span className={styles.line} />
            <span className={styles.big} />
            <span className={styles.line} />
          </Card>
        ))}
      </div>
      <Card className={styles.chart}>
        <span className={styles.line} />
      </Card>
    </div>
  );
}
