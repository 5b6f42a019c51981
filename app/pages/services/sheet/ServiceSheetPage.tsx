import { Anchor, Center, Loader, Stack, Tabs } from '@mantine/core';
import { IconChevronLeft, IconHistory, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ConfiguredPanels } from '../../../../engine/record/ConfiguredPanels';
import { registerPanel } from '../../../../engine/record/panels';
import { RecordHeader } from '../../../../engine/record/RecordHeader';
import { screenIcon } from '../../../../engine/ui/icons';
import { hasAnyRole } from '../../../auth/profile';
import { useReadySession } from '../../../auth/session';
import { StatusPage } from '../../StatusPage';
import { NotFoundPage } from '../../simplePages';
import { HistoryTab } from './HistoryTab';
import { OverviewTab } from './OverviewTab';
import { useSchemaText } from './schemaText';
import './headerDialogs';
import { serviceApi, type PatchAction, type ServiceView } from '../shared/serviceApi';
import { useServiceSheet } from './useServiceSheet';
import { RemindersPanel } from './reminders/RemindersPanel';

// The reminders tab's panel (schemas/screens/serviceSheet.json).
registerPanel('serviceReminders', RemindersPanel);

/** The tabs this page draws itself; risk analysis (spec §2) is a tab of panels of its screen file. */
const OWN_TABS = ['overview', 'history'];

/**
 * `/services/{serviceId}` (spec §2): the header with the workflow actions and the owner's menu,
 * then the tabs overview and history, and the tabs of panels its screen file declares (elements, risk analysis, reminders, billing).
 * The open tab is in the address (`?tab=`) so a link can point at it.
 */
export default function ServiceSheetPage() {
  const { t } = useTranslation();
  const { serviceId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const sheet = useServiceSheet(serviceId);
  const text = useSchemaText('service');
  // Tabs of panels declared in the screen file (schemas/screens/serviceSheet.json: billing), for the roles they name.
  const { profile, config } = useReadySession();
  const screen = config.screens.find((item) => item.page === 'serviceSheet');
  const configured = (screen?.tabs ?? []).filter((item) => hasAnyRole(profile, item.roles));
  const asked = params.get('tab');
  const tab = asked && [...OWN_TABS, ...configured.map((item) => item.name)].includes(asked) ? asked : 'overview';

  if (!/^\d+$/.test(serviceId) || sheet.status === 'notFound') return <NotFoundPage />;
  if (sheet.status === 'failed') {
    return (
      <StatusPage
        icon={<IconInfoCircle size={38} />}
        color="red"
        title={t('serviceSheet.loadFailed')}
        text={t('serviceSheet.loadFailedText')}
        action={{ label: t('common.reload'), onClick: () => void sheet.reload() }}
      />
    );
  }
  const service = sheet.service;
  if (sheet.status === 'loading' || !service) {
    return (
      <Center h={320} aria-busy>
        <Loader />
      </Center>
    );
  }

  const record = service as unknown as Record<string, unknown>;
  return (
    <Stack gap="md" maw={1600} mx="auto">
      <Anchor component={Link} to="/services/search" size="sm" c="dimmed" style={{ display: 'inline-flex', alignItems: 'center', gap: 2, alignSelf: 'flex-start' }}>
        <IconChevronLeft size={14} />
        {t('serviceSheet.back')}
      </Anchor>
      {/* The header is configuration (schemas/screens/serviceSheet.json `header`): badges, actions, buttons, menu, alerts. */}
      <RecordHeader
        screen={screen!}
        entity={config.entities.service}
        config={config}
        view={record}
        saved={record}
        events={[]}
        readOnly
        runEvent={(event, input) => sheet.run(() => serviceApi.act(service.serviceId, event as PatchAction, { version: service.version, ...input }))}
        onChanged={(next) => sheet.apply(next as unknown as ServiceView)}
        onReload={() => void sheet.reload()}
      />
      <Tabs
        value={tab}
        onChange={(next) => setParams(next && next !== 'overview' ? { tab: next } : {}, { replace: true })}
        keepMounted={false}
        variant="outline"
        radius="md"
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="overview" leftSection={<IconInfoCircle size={16} />}>
            {t('serviceSheet.tab.overview')}
          </Tabs.Tab>
          <Tabs.Tab value="history" leftSection={<IconHistory size={16} />}>
            {t('serviceSheet.tab.history')}
          </Tabs.Tab>
          {configured.map((item) => {
            const Icon = screenIcon(item.icon);
            return (
              <Tabs.Tab key={item.name} value={item.name} leftSection={<Icon size={16} />}>
                {t(item.title)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        <Tabs.Panel value="overview">
          <OverviewTab service={service} sheet={sheet} text={text} />
        </Tabs.Panel>
        <Tabs.Panel value="history">
          <HistoryTab serviceId={service.serviceId} revision={sheet.revision} />
        </Tabs.Panel>
        {configured.map((item) => (
          <Tabs.Panel key={item.name} value={item.name}>
            <ConfiguredPanels
              screen={screen!}
              config={config}
              record={record}
              panels={item.panels}
              userRoles={profile.roles}
              writable={service.rights.sheet.right === 'WRITE'}
              addable={service.rights.addElements === true}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
