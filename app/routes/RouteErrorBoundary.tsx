import { IconPlugConnectedX } from '@tabler/icons-react';
import { Component, type ReactNode } from 'react';
import i18next from 'i18next';
import { StatusPage } from '../pages/StatusPage';

interface Props {
  children: ReactNode;
  /** Outside any layout (the app's own boundary): the page is the document's main landmark, as every page has one. */
  main?: boolean;
}

/**
 * A screen that fails to load (a chunk missing after a deployment, a lost connection) or to
 * render shows a page with a reload button instead of a blank shell. Keyed by path by its parent,
 * so moving to another page retries.
 */
export class RouteErrorBoundary extends Component<Props, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error) {
    console.error(error);
  }

  render() {
    if (!this.state.error) return this.props.children;
    const page = (
      <StatusPage
        icon={<IconPlugConnectedX size={38} />}
        color="red"
        title={i18next.t('page.loadError.title')}
        text={i18next.t('page.loadError.text')}
        action={{ label: i18next.t('common.reload'), onClick: () => window.location.reload() }}
      />
    );
    return this.props.main ? <main>{page}</main> : page;
  }
}
