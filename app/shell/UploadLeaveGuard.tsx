import { useEffect } from 'react';

/**
 * Leaving with uploads pending warns (spec 1 §4): closing or reloading the tab gets the browser's warning (a reload
 * resumes them anyway). Moving between pages needs no guard: the queue runs on; signing out asks (ProfileMenu).
 */
export function UploadLeaveGuard({ pending }: { pending: boolean }) {
  useEffect(() => {
    if (!pending) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [pending]);
  return null;
}
