import { useRef } from "react";

/**
 * Radix gives the focus back to a dialog's own Trigger when it closes. Dialogs opened from elsewhere (a toolbar or a
 * table row's button, with `open` held by the page) would leave it on the page's body; these handlers for the
 * dialog's Content give it back to whatever had it when the dialog opened, if that element is still there.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current =
        document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const element = opener.current;
      opener.current = null;
      if (!element?.isConnected) return;
      event.preventDefault();
      element.focus();
    },
  };
}
