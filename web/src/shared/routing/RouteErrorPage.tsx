import { isRouteErrorResponse, useRouteError } from "react-router-dom";
import { Button, ButtonLink } from "../ui/Button.tsx";
import { NotFoundPage } from "./NotFoundPage.tsx";
import styles from "./routing.module.css";

/**
 * A site's error boundary: what shows when a page's code or data fails to load or it throws while rendering. The
 * site's navigation stays around it, so the user can go elsewhere or retry.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const detail = error instanceof Error ? error.message : isRouteErrorResponse(error) ? error.statusText : null;
  return (
    <section className={styles.message} aria-labelledby="route-error-title">
      <title>Something went wrong · LearnHub</title>
      <h1 id="route-error-title" className={styles.title}>
        Something went wrong
      </h1>
      <p className={styles.text}>We could not show this page. Check your connection and try again.</p>
      {detail && <p className={styles.detail}>{detail}</p>}
      <div className={styles.actions}>
        {/* A full reload also picks up a new deployment when an old page chunk is gone. */}
        <Button onClick={() => window.location.reload()}>Try again</Button>
        <ButtonLink to="/" variant="secondary">
          Go to the home page
        </ButtonLink>
      </div>
    </section>
  );
}
