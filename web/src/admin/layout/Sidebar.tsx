import { Link, matchPath, useLocation, useNavigate } from "react-router-dom";
import { fullName } from "../../shared/format/format.ts";
import { adminSession, endSession, useSession } from "../../shared/session/session.ts";
import { Avatar } from "../../shared/ui/Avatar.tsx";
import { Brand } from "../../shared/ui/Brand.tsx";
import { LogOutIcon } from "../../shared/ui/icons.tsx";
import { useViewer } from "../staff/AdminViewer.ts";
import styles from "./AdminLayout.module.css";
import { navigationFor } from "./navigation.tsx";

/** The admin navigation (only what the account may use) and the signed-in admin; shown as a column on wide screens and in a drawer on phones. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const viewer = useViewer();
  return (
    <div className={styles.sidebarInner}>
      <div className={styles.sidebarBrand}>
        <Brand tag="Admin" />
      </div>
      <nav aria-label="Main" className={styles.nav}>
        <ul>
          {navigationFor(viewer).map(({ label, to, icon: Icon, alsoActiveOn = [] }) => {
            const active = [to, ...alsoActiveOn].some((pattern) => matchPath(pattern, pathname));
            return (
              <li key={to}>
                <Link to={to} className={styles.navLink} aria-current={active ? "page" : undefined} onClick={onNavigate}>
                  <Icon size={18} />
                  {label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <SidebarUser />
    </div>
  );
}

function SidebarUser() {
  const { user } = useSession(adminSession);
  const navigate = useNavigate();
  const logout = () => {
    endSession(adminSession, "/api/admin/auth/logout");
    navigate("/", { replace: true });
  };
  return (
    <div className={styles.user}>
      {user ? (
        <>
          <Avatar name={fullName(user)} src={user.image} />
          <div className={styles.userText}>
            <p className={styles.userName}>{fullName(user)}</p>
            <p className={styles.userEmail}>{user.email}</p>
          </div>
        </>
      ) : (
        <p className={styles.userLoading}>Loading user...</p>
      )}
      <button type="button" className={styles.logout} onClick={logout} aria-label="Log out" title="Log out">
        <LogOutIcon size={18} />
      </button>
    </div>
  );
}
