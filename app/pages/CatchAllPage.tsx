import { Button, Group } from '@mantine/core';
import { IconCompass } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { api } from '../../engine/api';
import { titleText } from '../../engine/i18n';
import { screenIcon } from '../../engine/ui/icons';
import { PageLoader } from './FullPageLoader';
import { NotFoundPage } from './simplePages';
import { StatusPage } from './StatusPage';

/** What `GET /back/bo/pages/notFound` answers: the page's texts and the caller's menu entries. */
interface ServerPage {
  title: string;
  text: string;
  links: { name: string; icon?: string; link: string }[];
}

/**
 * The catch-all route (spec §2 "renders a server-provided page"): an address no route knows shows
 * the page the server gives for it — its title and text in the caller's language and the pages the
 * caller may open instead. The server unreachable, the app's own not-found page stands in.
 */
export function CatchAllPage() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const [page, setPage] = useState<ServerPage | null | 'failed'>(null);

  useEffect(() => {
    let live = true;
    setPage(null);
    api.get<ServerPage>('/back/bo/pages/notFound', { quiet: true, query: { path: pathname } }).then(
      (answer) => live && setPage(answer),
      () => live && setPage('failed'),
    );
    return () => {
      live = false;
    };
    // The server speaks the caller's language: asked again when it changes.
  }, [pathname, i18n.language]);

  if (page === 'failed') return <NotFoundPage />;
  if (!page) return <PageLoader />;
  return (
    <StatusPage icon={<IconCompass size={38} />} title={page.title} text={page.text} action={{ label: t('common.backHome'), to: '/' }}>
      <Group justify="center" gap="sm" mt="md" data-testid="not-found-links">
        {page.links.map((entry) => {
          const Icon = screenIcon(entry.icon);
          return (
            <Button key={entry.link} component={Link} to={entry.link} variant="light" leftSection={<Icon size={16} />}>
              {titleText(t, entry.name)}
            </Button>
          );
        })}
      </Group>
    </StatusPage>
  );
}
