import { ButtonLink } from "../ui/Button.tsx";
import styles from "./routing.module.css";

/** The page for routes that do not exist, on both sites. */
export function NotFoundPage() {
  return (
    <section className={styles.message} aria-labelledby="not-found-title">
      <title>Page not found · LearnHub</title>
      <p className={styles.code}>404</p>
      <h1 id="not-found-title" className={styles.title}>
        Page not found
      </h1>
      <p className={styles.text}>The page you are looking for does not exist or has moved.</p>
      <ButtonLink to="/" variant="primary">
        Go to the home page
      </ButtonLink>
    </section>
  );
}
