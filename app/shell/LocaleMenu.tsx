import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../auth/session';
import { currentLanguage, LANGUAGES } from '../i18n/i18n';
import { saveLocale } from '../i18n/serverLocale';
import { LANGUAGE_NAMES, LocaleButton } from './LocaleButton';

/** The language menu (Mantine Menu and its floating layer): loaded when the button is first used. */
export function LocaleMenu({ onDark = false, defaultOpened = false }: { onDark?: boolean; defaultOpened?: boolean }) {
  const { t } = useTranslation();
  const { status } = useSession();
  const language = currentLanguage();
  return (
    <Menu position="bottom-end" width={170} shadow="md" defaultOpened={defaultOpened}>
      <Menu.Target>
        <LocaleButton onDark={onDark} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('shell.locale')}</Menu.Label>
        {LANGUAGES.map((lng) => (
          <Menu.Item
            key={lng}
            lang={lng}
            onClick={() => void saveLocale(lng, status === 'ready')}
            rightSection={lng === language ? <IconCheck size={16} /> : null}
            fw={lng === language ? 600 : undefined}
          >
            {LANGUAGE_NAMES[lng]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
