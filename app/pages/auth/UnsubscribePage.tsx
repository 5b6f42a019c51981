import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { api } from '../../../engine/api';
import { AuthCardHeader } from './AuthLayout';

/** What `POST /back/unsubscribe/{id}/{type}` answers: the type now off and its name in each language. */
interface Unsubscribed {
  type: string;
  labels: Record<string, string>;
}

type State = { status: 'working' } | { status: 'done'; answer: Unsubscribed } | { status: 'failed' };

/**
 * `/unsubscribe/{id}/{type}?token=` (spec §2), opened logged out from an e-mail's link: the page
 * sends the link's signed token and the server turns that notification type off for that person.
 * Every failure shows spec §8's one message: the page never tells what was wrong with a link.
 */
export function UnsubscribePage() {
  const { t, i18n } = useTranslation();
  const { id = '', type = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [state, setState] = useState<State>({ status: 'working' });

  useEffect(() => {
    let live = true;
    const path = `/back/unsubscribe/${encodeURIComponent(id)}/${encodeURIComponent(type)}`;
    api.post<Unsubscribed>(path, { token }, { quiet: true }).then(
      (answer) => live && setState({ status: 'done', answer }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [id, type, token]);

  return (
    <Stack gap="md">
      <AuthCardHeader subtitle={t('page.unsubscribe.title')} />
      {state.status === 'working' && (
        <Center py="md">
          <Loader size="sm" aria-label={t('page.unsubscribe.working')} />
        </Center>
      )}
      {state.status === 'done' && (
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status" title={t('page.unsubscribe.doneTitle')}>
          {t('page.unsubscribe.done', { type: state.answer.labels[i18n.language] ?? state.answer.labels.en ?? state.answer.type })}
        </Alert>
      )}
      {state.status === 'failed' && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {t('page.unsubscribe.failed')}
        </Alert>
      )}
      <Button component={Link} to="/auth/login" variant="light" fullWidth>
        {t('common.backToLogin')}
      </Button>
    </Stack>
  );
}
