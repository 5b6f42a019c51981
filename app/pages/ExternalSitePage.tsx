import { useEffect, useState } from 'react';
import { api } from '../../engine/api';
import { PageLoader } from './FullPageLoader';
import { NotImplementedPage } from './simplePages';

function readUrl(answer: unknown): string | undefined {
  if (typeof answer === 'string' && /^https?:\/\//.test(answer)) return answer;
  if (answer && typeof answer === 'object' && 'url' in answer) return readUrl((answer as { url: unknown }).url);
  return undefined;
}

/**
 * `/guide` and `/idea` (spec §2): the server gives the external help or ideas site's login url,
 * with a short-lived signed token and the return-to page (`GET /back/bo/menu/guide|idea`, both
 * addresses from the server's configuration); without one, the page says the feature is not there yet.
 */
export function ExternalSitePage({ site }: { site: 'guide' | 'idea' }) {
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    api.get<unknown>(`/back/bo/menu/${site}`, { quiet: true }).then(
      (answer) => {
        const url = readUrl(answer);
        if (url) window.location.assign(url);
        else setMissing(true);
      },
      () => setMissing(true),
    );
  }, [site]);

  return missing ? <NotImplementedPage /> : <PageLoader />;
}
