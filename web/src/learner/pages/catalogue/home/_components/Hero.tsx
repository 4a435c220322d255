import { ButtonLink } from "../../../../../shared/ui/Button.tsx";
import { Container } from "../../../../../shared/ui/Container.tsx";
import { ArrowRightIcon, BookIcon, CheckCircleIcon, CreditCardIcon, UserIcon } from "../../../../../shared/ui/icons.tsx";
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
          <p className={styles.lead}>Tracks of hands-on courses in cloud, software, data and design, each led by a named instructor.</p>
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

/**
 * A drawn card of what a track gives today (courses, a named instructor, card or offline payment, free tracks at
 * once); no progress, sessions or certificates, which the product does not offer. Decoration only, so hidden from
 * assistive technology: the text beside it says the same.
 */
function HeroArt() {
  return (
    <div className={styles.art} aria-hidden="true">
      <div className={styles.panel}>
        <div className={styles.panelCover} />
        <div className={styles.panelBody}>
          <p className={styles.panelKicker}>What a track gives you</p>
          <p className={styles.panelTitle}>A set of courses on one subject</p>
          <ul className={styles.facts}>
            <li>
              <BookIcon size={16} /> Courses you take at your own pace
            </li>
            <li>
              <UserIcon size={16} /> An instructor named on every track
            </li>
          </ul>
        </div>
      </div>
      <div className={`${styles.chip} ${styles.chipTop}`}>
        <CheckCircleIcon size={16} /> Free tracks open at once
      </div>
      <div className={`${styles.chip} ${styles.chipBottom}`}>
        <CreditCardIcon size={16} /> Card or offline payment
      </div>
    </div>
  );
}
