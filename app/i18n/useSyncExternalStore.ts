// react-i18next imports useSyncExternalStore from 'use-sync-external-store/shim', a fallback for
// React < 18; vite.config.ts points that import here, to the hook React 19 has built in.
export { useSyncExternalStore } from 'react';
