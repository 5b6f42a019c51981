import { IconCompass, IconLock, IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './StatusPage';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      icon={<IconCompass size={38} />}
      title={t('page.notFound.title')}
      text={t('page.notFound.text')}
      action={{ label: t('common.backHome'), to: '/' }}
    />
  );
}

export function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      icon={<IconLock size={38} />}
      color="red"
      title={t('page.forbidden.title')}
      text={t('page.forbidden.text')}
      action={{ label: t('common.backHome'), to: '/' }}
    />
  );
}

export function NotImplementedPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      icon={<IconTools size={38} />}
      color="yellow"
      title={t('page.notImplemented.title')}
      text={t('common.notImplemented')}
      action={{ label: t('common.backHome'), to: '/' }}
    />
  );
}
