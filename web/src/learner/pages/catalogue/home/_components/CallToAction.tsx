import { ButtonLink } from "../../../../../shared/ui/Button.tsx";
import { Container } from "../../../../../shared/ui/Container.tsx";
import { ArrowRightIcon } from "../../../../../shared/ui/icons.tsx";
import styles from "./CallToAction.module.css";

/** The home page's call-to-action banner. */
export function CallToAction() {
  return (
    <section className={styles.section} aria-labelledby="cta-title">
      <Container>
        <div className={styles.banner}>
          <div className={styles.text}>
            <h2 id="cta-title" className={styles.title}>
              Ready to start your tech career?
            </h2>
            <p className={styles.lead}>
              Join hundreds of learners building real skills with expert instructors. Start with a free track today.
            </p>
          </div>
          <div className={styles.actions}>
            <ButtonLink to="/learner-tracks" size="lg" className={styles.primary}>
              Explore tracks
              <ArrowRightIcon size={18} />
            </ButtonLink>
            <ButtonLink to="/learners-signup" size="lg" variant="ghost" className={styles.secondary}>
              Create an account
            </ButtonLink>
          </div>
        </div>
      </Container>
    </section>
  );
}
