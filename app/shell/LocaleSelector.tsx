import { lazy, Suspense, useState } from 'react';
import { LocaleButton } from './LocaleButton';

const loadMenu = () => import('./LocaleMenu');
const LocaleMenu = lazy(async () => ({ default: (await loadMenu()).LocaleMenu }));

/**
 * EN / FR / IT switcher of the header and of the login page (`onDark`: over the background image).
 * The button is drawn at once; the menu (Mantine Menu with its floating layer, tens of kB) is fetched
 * when the pointer or focus reaches the button and opens on the first click, so the login page does
 * not download it up front.
 */
export function LocaleSelector({ onDark = false }: { onDark?: boolean }) {
  const [wanted, setWanted] = useState(false);
  const preload = () => void loadMenu();
  const button = <LocaleButton onDark={onDark} onPointerEnter={preload} onFocus={preload} onClick={() => setWanted(true)} />;
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <LocaleMenu onDark={onDark} defaultOpened />
    </Suspense>
  );
}
