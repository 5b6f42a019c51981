import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setNotifier } from '../engine/notify';
import { App } from './App';
import { isLoggedIn } from './auth/session';
import { initI18n } from './i18n/i18n';
import { installApiErrorHandling } from './notifications/apiErrors';
import { showSnack } from './notifications/snackbar';

setNotifier(showSnack);
installApiErrorHandling(isLoggedIn);

// The first render waits for the current language's strings (one small JSON fetch).
void initI18n().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
