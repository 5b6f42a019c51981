import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { TabConfig } from '../config';
import { titleText } from '../i18n';
import { screenIcon } from '../ui/icons';
import { openTab, queryWithTab, visibleTabs } from './tabQuery';

export interface RecordTabsProps {
  tabs: TabConfig[];
  userRoles: readonly string[];
  /**
   * Hidden tabs stay in the page with display: none (default). Mantine's default hides them in a
   * React <Activity>, which runs their effects' cleanups: a lines grid (AG Grid) is then destroyed
   * and comes back empty, as would any panel's imperative widget. `false`: a tab is drawn anew
   * each time it opens, so a read-only page shows what changed meanwhile (a history).
   */
  keepMounted?: boolean;
  children: (tab: TabConfig) => ReactNode;
}

/**
 * The tabs of a record page: those the caller's roles allow, the open one kept in the address's
 * query (`?tab=elements`; the first tab needs none) so a link or a reload opens it again.
 */
export function RecordTabs({ tabs, userRoles, keepMounted = true, children }: RecordTabsProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useSearchParams();
  const shown = visibleTabs(tabs, userRoles);
  const value = openTab(shown, query);
  if (shown.length === 1) return <>{children(shown[0])}</>;
  return (
    <Tabs
      value={value ?? null}
      onChange={(next) => next && setQuery(queryWithTab(query, next, shown[0]?.name), { replace: true })}
      keepMounted={keepMounted}
      keepMountedMode="display-none"
    >
      <Tabs.List mb="md">
        {shown.map((tab) => {
          const Icon = tab.icon ? screenIcon(tab.icon) : null;
          return (
            <Tabs.Tab key={tab.name} value={tab.name} leftSection={Icon && <Icon size={16} />}>
              {titleText(t, tab.title)}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      {shown.map((tab) => (
        <Tabs.Panel key={tab.name} value={tab.name}>
          {children(tab)}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
