import { Link } from "react-router-dom";
import { fullName } from "../../shared/format/format.ts";
import type { StoredUser } from "../../shared/session/session.ts";
import { Avatar } from "../../shared/ui/Avatar.tsx";
import { DropdownMenu, DropdownMenuItem, DropdownMenuSeparator } from "../../shared/ui/DropdownMenu.tsx";
import { ChevronDownIcon, LogOutIcon } from "../../shared/ui/icons.tsx";
import { useLogout } from "../useLogout.ts";
import styles from "./TopBar.module.css";

/** The signed-in learner's name, opening Portal and Logout. Its own chunk: most visitors are not signed in. */
export default function UserMenu({ user }: { user: StoredUser }) {
  const logout = useLogout();
  const name = fullName(user);
  return (
    <DropdownMenu
      label={user.email}
      trigger={
        <button type="button" className={styles.userButton}>
          <Avatar name={name} src={user.image} size="sm" />
          <span className={styles.userName}>{name}</span>
          <ChevronDownIcon size={16} />
        </button>
      }
    >
      <DropdownMenuItem asChild>
        <Link to="/portal">Portal</Link>
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem destructive onSelect={logout}>
        <LogOutIcon size={16} />
        Logout
      </DropdownMenuItem>
    </DropdownMenu>
  );
}
