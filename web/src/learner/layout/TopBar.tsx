import { lazy, Suspense, useState } from "react";
import { learnerSession, useSession } from "../../shared/session/session.ts";
import { Brand } from "../../shared/ui/Brand.tsx";
import { ButtonLink } from "../../shared/ui/Button.tsx";
import { Container } from "../../shared/ui/Container.tsx";
import { MenuButton } from "../../shared/ui/MenuButton.tsx";
import { NavLinks } from "./NavLinks.tsx";
import styles from "./TopBar.module.css";

// Loaded on demand to keep the first download small: the menu library is only needed once signed in or on a tap.
const UserMenu = lazy(() => import("./UserMenu.tsx"));
const MobileMenu = lazy(() => import("./MobileMenu.tsx"));

/** The learner site's top bar: brand, Home and Tracks, and the account area (docs/product.md, Learner pages). */
export function TopBar() {
  const { user } = useSession(learnerSession);
  const [menuOpen, setMenuOpen] = useState(false);
  // Stays mounted after the first open so the drawer can animate out and hand focus back to the button.
  const [menuUsed, setMenuUsed] = useState(false);
  return (
    <header className={styles.topBar}>
      <Container className={styles.inner}>
        <Brand />
        <nav aria-label="Main" className={styles.nav}>
          <NavLinks />
        </nav>
        <div className={styles.account}>
          {user ? (
            <Suspense fallback={<span className={styles.userPlaceholder} />}>
              <UserMenu user={user} />
            </Suspense>
          ) : (
            <>
              <ButtonLink to="/learner-login" variant="ghost">
                Login
              </ButtonLink>
              <ButtonLink to="/learners-signup">Signup</ButtonLink>
            </>
          )}
        </div>
        <MenuButton
          className={styles.menuButton}
          expanded={menuOpen}
          onOpen={() => {
            setMenuUsed(true);
            setMenuOpen(true);
          }}
        />
      </Container>
      {menuUsed && (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} user={user} />
        </Suspense>
      )}
    </header>
  );
}
