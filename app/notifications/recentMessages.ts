import { useSyncExternalStore } from 'react';
import type { Notice } from '../../engine/notify';

// The messages of this session that close by themselves or are closed, kept so they can be read
// again (WCAG 2.2.1): snacks and screen messages such as the assignment error. Shared by the lazy
// snack list and the header's "recent messages" button, never by the login page's first script.

/** How many messages the list keeps (the newest first). */
export const RECENT_MESSAGE_LIMIT = 20;

export interface RecentMessage {
  id: number;
  level: Notice['level'];
  /** Already-translated text, its title (if any) first. */
  text: string;
  link?: Notice['link'];
  /** When it was shown. */
  at: Date;
}

let messages: readonly RecentMessage[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

export function rememberMessage(message: Omit<RecentMessage, 'id' | 'at'>, at = new Date()): void {
  messages = [{ ...message, id: nextId++, at }, ...messages].slice(0, RECENT_MESSAGE_LIMIT);
  changed();
}

/** A new sign-in starts a new list: one account's messages are not shown to the next. */
export function forgetMessages(): void {
  if (!messages.length) return;
  messages = [];
  changed();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useRecentMessages(): readonly RecentMessage[] {
  return useSyncExternalStore(subscribe, () => messages);
}
