import { useRef, type FocusEvent } from 'react';

/**
 * Props for a message that closes by itself: `onHeld(true)` while the pointer or the keyboard focus
 * is on it, `onHeld(false)` once neither is (WCAG 2.2.1), so its countdown can wait meanwhile.
 * Every change is reported, also a repeated one: the receiver treats them as idempotent.
 */
export function useHeldWhileAttended(onHeld: (held: boolean) => void) {
  const pointer = useRef(false);
  const focus = useRef(false);
  const report = () => onHeld(pointer.current || focus.current);
  return {
    onMouseEnter: () => {
      pointer.current = true;
      report();
    },
    onMouseLeave: () => {
      pointer.current = false;
      report();
    },
    onFocus: () => {
      focus.current = true;
      report();
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (event.currentTarget.contains(event.relatedTarget)) return; // moving inside the message
      focus.current = false;
      report();
    },
  };
}
