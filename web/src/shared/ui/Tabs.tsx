import { Tabs as RadixTabs } from "radix-ui";
import type { ComponentProps } from "react";
import { cx } from "./cx.ts";
import styles from "./Tabs.module.css";

/**
 * Tabs that switch content in place (arrow keys move between tabs). For tabs that change the URL, use links in a
 * `nav` instead.
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
