import { Link, matchPath, useLocation } from "react-router-dom";
import styles from "./TopBar.module.css";

const navigation = [
  { label: "Home", to: "/", alsoActiveOn: [] },
  { label: "Tracks", to: "/learner-tracks", alsoActiveOn: ["/learner-track-details/*"] },
];

/** The top bar's links; Tracks stays highlighted on a track's details page. */
export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <ul className={styles.links}>
      {navigation.map(({ label, to, alsoActiveOn }) => {
        const active = [to, ...alsoActiveOn].some((pattern) => matchPath(pattern, pathname));
        return (
          <li key={to}>
            <Link to={to} className={styles.link} aria-current={active ? "page" : undefined} onClick={onNavigate}>
              {label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
