import { useRef } from "react";

/**
 * Where the focus goes when a dialog, drawer or menu closes (WCAG 2.4.3, focus order): back to the control that opened
 * it. Radix only knows its own Trigger; the kit's dialogs are mostly opened by the page (a toolbar or a table row's
 * button holding `open` in state), and then Radix leaves the focus on the page's body. These handlers for a Radix
 * Content (`onOpenAutoFocus` / `onCloseAutoFocus`) remember the opener and give the focus back to it, also when:
 * - the dialog was opened from an item of a menu: the item is gone by then, so the menu's button gets it;
 * - the opener is gone by the time the dialog closes (the row it belonged to was deleted, an "Approve" button that the
 *   approval removed, a page that navigated away): the nearest part of the page that is still there gets it (its first
 *   control, else the page's main region), never the body.
 */

/** The last element that had the focus: a dialog opened from a menu item may mount after the item is gone. */
let lastFocused: HTMLElement | null = null;
if (typeof document !== "undefined") {
  document.addEventListener("focusin", (event) => {
    if (event.target instanceof HTMLElement) lastFocused = event.target;
  });
}

const TABBABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type='hidden'])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

function isShown(element: HTMLElement) {
  if (element.closest("[hidden], [inert], [aria-hidden='true']")) return false;
  // checkVisibility needs layout (display: none, visibility: hidden); an environment without it counts all as shown.
  return typeof element.checkVisibility === "function" ? element.checkVisibility({ visibilityProperty: true }) : true;
}

/** A menu item stands for its menu's button (Radix labels the menu by it), which outlives the menu. */
function standIn(element: HTMLElement): HTMLElement {
  const menu = element.closest<HTMLElement>("[role='menu']");
  const triggerId = menu?.getAttribute("aria-labelledby");
  const trigger = triggerId ? document.getElementById(triggerId) : null;
  return trigger ?? element;
}

/** Whether the element can take the focus where it is now. */
function focusable(element: HTMLElement | null | undefined): element is HTMLElement {
  return !!element && element.isConnected && element !== document.body && isShown(element);
}

function mainRegion(): HTMLElement | null {
  const main = document.querySelector<HTMLElement>("main, [role='main']");
  if (main && !main.hasAttribute("tabindex")) main.tabIndex = -1;
  return main;
}

/**
 * The place for the focus after a dialog opened by `opener` closed: the opener; else the first control of its nearest
 * ancestor still on the page, up to the main region; else the main region.
 */
export function focusTarget(opener: HTMLElement | null, ancestors: readonly HTMLElement[]): HTMLElement | null {
  if (focusable(opener)) return opener;
  const main = mainRegion();
  for (const ancestor of ancestors) {
    if (!ancestor.isConnected || ancestor === document.body) continue;
    if (ancestor === main || ancestor.contains(main)) break;
    const control = [...ancestor.querySelectorAll<HTMLElement>(TABBABLE)].find(isShown);
    if (control) return control;
  }
  return main;
}

function ancestorsOf(element: HTMLElement | null) {
  const list: HTMLElement[] = [];
  for (let node = element?.parentElement; node && node !== document.body; node = node.parentElement) list.push(node);
  return list;
}

/** The handlers for a Radix dialog's or menu's Content. */
export function useReturnFocus() {
  const opener = useRef<{ element: HTMLElement | null; ancestors: HTMLElement[] }>({ element: null, ancestors: [] });
  return {
    onOpenAutoFocus: () => {
      const active = document.activeElement;
      // With the focus on the body, only a menu item that just went (with its menu) is known to be the opener.
      const fromMenu = lastFocused?.closest("[role='menu']") ? lastFocused : null;
      const had = active instanceof HTMLElement && active !== document.body ? active : fromMenu;
      const element = had ? standIn(had) : null;
      opener.current = { element, ancestors: ancestorsOf(element) };
    },
    onCloseAutoFocus: (event: Event) => {
      const { element, ancestors } = opener.current;
      opener.current = { element: null, ancestors: [] };
      // Not known (opened without the focus anywhere, e.g. by a script): Radix's own default (its Trigger, if any).
      if (!element) return;
      event.preventDefault();
      // Something already took the focus on purpose (another dialog that opened, a field the page focused): leave it.
      const active = document.activeElement;
      if (active instanceof HTMLElement && active !== document.body && active.isConnected) return;
      // A menu item is gone now, but its menu's button may still be there.
      const target = focusTarget(element?.isConnected ? element : element && standIn(element), ancestors);
      target?.focus();
    },
  };
}
