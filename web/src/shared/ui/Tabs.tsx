import { Tabs as RadixTabs } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";
import { NavLink } from "react-router-dom";
import { cx } from "./cx.ts";
import styles from "./Tabs.module.css";

/**
 * Tabs that switch content in place (arrow keys move between tabs). For tabs that change the URL, use NavTabs below.
 */
export const Tabs = RadixTabs.Root;

export function TabList({ className, ...rest }: ComponentProps<typeof RadixTabs.List>) {
  return <RadixTabs.List className={cx(styles.list, className)} {...rest} />;
}

export function Tab({ className, ...rest }: ComponentProps<typeof RadixTabs.Trigger>) {
  return <RadixTabs.Trigger className={cx(styles.tab, className)} {...rest} />;
}

export function TabPanel({ className, ...rest }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={cx(styles.panel, className)} {...rest} />;
}

/** Tabs that are links, each to its own URL, in a `nav` that looks like a TabList; the current page's tab shows as active. */
export function NavTabs({ label, tabs }: { label: string; tabs: readonly { label: string; to: string; end: boolean }[] }) {
  return (
    <nav aria-label={label} className={styles.list}>
      {tabs.map((tab) => (
        <NavLink key={tab.to} to={tab.to} end={tab.end} className={styles.tab}>
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}

/** The content under NavTabs: the page of the current tab. */
export function NavTabPanel({ children }: { children: ReactNode }) {
  return <div className={styles.panel}>{children}</div>;
}
