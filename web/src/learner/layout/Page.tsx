import type { ReactNode } from "react";
import { Container } from "../../shared/ui/Container.tsx";
import styles from "./LearnerShell.module.css";

/** The body of an ordinary learner page: site width with room above and below (the home page runs edge to edge). */
export function Page({ children }: { children: ReactNode }) {
  return <Container className={styles.page}>{children}</Container>;
}
