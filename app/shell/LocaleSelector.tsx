import { Button, Menu } from '@mantine/core';
import { IconCheck, IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGES } from '../i18n/i18n';
import { saveLocale } from '../i18n/serverLocale';
import { useSession } from '../auth/session';

/** Language names are written in their own language, whatever the current one. */
const LANGUAGE_NAMES = { en: 'English', fr: 'Français', it: 'Italiano' } as const;

/** EN / FR / IT switcher of the header and of the login page (`onDark`: over the background image). */
export function LocaleSelector({ onDark = false }: { onDark?: boolean }) {
  const { t } = useTranslation();
  const { status } = useSession();
  const language = currentLanguage();
  return (
    <Menu position="bottom-end" width={170} shadow="md">
      <Menu.Target>
        <Button
          variant={onDark ? 'white' : 'subtle'}
          color={onDark ? 'dark' : 'gray'}
          size="compact-md"
          px="xs"
          leftSection={<IconLanguage size={18} />}
          rightSection={<IconChevronDown size={14} />}
          aria-label={`${t('shell.locale')}: ${LANGUAGE_NAMES[language]}`}
          data-testid="locale-selector"
        >
          {language.toUpperCase()}
        </Button>
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
