import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

const focused = () => (document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null);

/**
 * Gives the focus back to what opened a dialog or panel once it closes (WCAG 2.4.3). Mantine's Modal
 * does so only when its `opened` turns false after it was mounted closed: not for a dialog mounted
 * open (a lazy one, or one rendered only while open), nor for the first opening of a lazy sheet.
 * What has the focus when `opened` turns true (before Mantine moves it in, in a timeout) is given the
 * focus again when `opened` turns false or the component unmounts, unless the focus went elsewhere.
 */
export function useReturnFocus(opened = true): void {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!opened) return;
    opener.current = focused();
    const element = opener.current;
    return () => {
      // Once the dialog's nodes are gone (Mantine also moves the focus in a timeout).
      setTimeout(() => {
        if (!focused() && element?.isConnected) element.focus();
      });
    };
  }, [opened]);
}

/**
 * While `active`, a control of `container` that had the focus and was replaced (a Save button whose
 * form now shows the stored record) leaves the focus in `container`, on `prefer` when it is there,
 * else on the container itself, instead of on the page behind a dialog. Runs after each render of
 * the caller.
 */
export function useFocusKept(container: RefObject<HTMLElement | null>, active: boolean, prefer?: string): void {
  useEffect(() => {
    const node = container.current;
    if (!active || !node || focused()) return;
    const target = (prefer && node.querySelector<HTMLElement>(prefer)) || node;
    target.focus({ preventScroll: true });
  });
}
