import { fullName } from "../../shared/format/format.ts";
import type { StoredUser } from "../../shared/session/session.ts";
import { Avatar } from "../../shared/ui/Avatar.tsx";
import { Brand } from "../../shared/ui/Brand.tsx";
import { ButtonLink } from "../../shared/ui/Button.tsx";
import { Drawer } from "../../shared/ui/Drawer.tsx";
import { LogOutIcon } from "../../shared/ui/icons.tsx";
import { useLogout } from "../useLogout.ts";
import { NavLinks } from "./NavLinks.tsx";
import styles from "./TopBar.module.css";

interface MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: StoredUser | null;
}

/** The phone menu: the top bar's links and account actions in a drawer. Its own chunk, fetched on first open. */
export default function MobileMenu({ open, onOpenChange, user }: MobileMenuProps) {
  const logout = useLogout();
  const close = () => onOpenChange(false);
  return (
    <Drawer open={open} onOpenChange={onOpenChange} title="Menu" side="right">
      <div className={styles.mobileMenu}>
        <Brand />
        <nav aria-label="Main">
          <NavLinks onNavigate={close} />
        </nav>
        <div className={styles.mobileActions}>
          {user ? (
            <>
              <div className={styles.mobileUser}>
                <Avatar name={fullName(user)} src={user.image} />
                <div>
                  <p className={styles.mobileUserName}>{fullName(user)}</p>
                  <p className={styles.mobileUserEmail}>{user.email}</p>
                </div>
              </div>
              <ButtonLink to="/portal" variant="secondary" block onClick={close}>
                Portal
              </ButtonLink>
              <button
                type="button"
                className={styles.mobileLogout}
                onClick={() => {
                  close();
                  logout();
                }}
              >
                <LogOutIcon size={16} />
                Logout
              </button>
            </>
          ) : (
            <>
              <ButtonLink to="/learner-login" variant="secondary" block onClick={close}>
                Login
              </ButtonLink>
              <ButtonLink to="/learners-signup" block onClick={close}>
                Signup
              </ButtonLink>
            </>
          )}
        </div>
      </div>
    </Drawer>
  );
}
