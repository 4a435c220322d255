import { ButtonLink } from "../../../../shared/ui/Button.tsx";
import { Container } from "../../../../shared/ui/Container.tsx";
import { ArrowRightIcon, CheckCircleIcon } from "../../../../shared/ui/icons.tsx";
import styles from "./Hero.module.css";

const promises = ["Hands-on projects", "Expert instructors", "Learn at your own pace"];

/** The home page's opening: what LearnHub offers and the way in (Get Started goes to the catalogue). */
export function Hero() {
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <Container className={styles.inner}>
        <div className={styles.text}>
          <p className={styles.eyebrow}>Online tech training</p>
          <h1 id="hero-title" className={styles.title}>
            Learn the tech skills that move your career forward
          </h1>
          <p className={styles.lead}>
            Expert-led tracks in cloud, software, data and design, with real projects and mentors who have done the job.
          </p>
          <div className={styles.actions}>
            <ButtonLink to="/learner-tracks" size="lg">
              Get Started
              <ArrowRightIcon size={18} />
            </ButtonLink>
          </div>
          <ul className={styles.promises}>
            {promises.map((promise) => (
              <li key={promise}>
                <CheckCircleIcon size={16} />
                {promise}
              </li>
            ))}
          </ul>
        </div>
        <HeroArt />
      </Container>
    </section>
  );
}

/** A drawn preview of a course in progress; decoration only, so hidden from assistive technology. */
function HeroArt() {
  return (
    <div className={styles.art} aria-hidden="true">
      <div className={styles.panel}>
        <div className={styles.panelCover} />
        <div className={styles.panelBody}>
          <p className={styles.panelKicker}>Track · 12 weeks</p>
          <p className={styles.panelTitle}>Cloud Computing Fundamentals</p>
          <div className={styles.progress}>
            <span />
          </div>
          <p className={styles.panelNote}>68% complete · 3 of 4 courses</p>
        </div>
      </div>
      <div className={`${styles.chip} ${styles.chipTop}`}>
        <CheckCircleIcon size={16} /> Serverless Architecture
      </div>
      <div className={`${styles.chip} ${styles.chipBottom}`}>
        <span className={styles.dot} /> Live mentor session today
      </div>
    </div>
  );
}
