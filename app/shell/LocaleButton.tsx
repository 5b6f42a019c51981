import { Button, type ButtonProps } from '@mantine/core';
import { IconChevronDown, IconLanguage } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n/i18n';

/** Language names are written in their own language, whatever the current one. */
export const LANGUAGE_NAMES = { en: 'English', fr: 'Français', it: 'Italiano' } as const;

type LocaleButtonProps = ButtonProps & Omit<ComponentPropsWithRef<'button'>, keyof ButtonProps> & { onDark?: boolean };

/** The EN / FR / IT button that opens the language menu (the menu's target). */
export function LocaleButton({ onDark = false, ...props }: LocaleButtonProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Button
      variant={onDark ? 'white' : 'subtle'}
      color={onDark ? 'dark' : 'gray'}
      size="compact-md"
      px="xs"
      leftSection={<IconLanguage size={18} />}
      rightSection={<IconChevronDown size={14} />}
      // The visible code first (WCAG 2.5.3: a voice user says what they see), then what it means.
      aria-label={`${language.toUpperCase()}, ${t('shell.locale')}: ${LANGUAGE_NAMES[language]}`}
      aria-haspopup="menu"
      data-testid="locale-selector"
      {...props}
    >
      {language.toUpperCase()}
    </Button>
  );
}
