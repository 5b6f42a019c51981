import { Anchor, Center, Loader, Stack } from '@mantine/core';
import { IconChevronLeft, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { FORM_CODE } from '../../../../engine/form/LazySchemaForm';
import { ConfiguredPanels } from '../../../../engine/record/ConfiguredPanels';
import { RecordHeader } from '../../../../engine/record/RecordHeader';
import { RecordTabs } from '../../../../engine/record/RecordTabs';
import { AfterFirstPaint } from '../../../../engine/ui/AfterFirstPaint';
import { PanelsSkeleton } from '../../../../engine/ui/PanelsSkeleton';
import { useReadySession } from '../../../auth/session';
import { StatusPage } from '../../StatusPage';
import { NotFoundPage } from '../../simplePages';
import './headerDialogs';
import { ServiceSheetContext } from './sheetPanels';
import { serviceApi, type PatchAction, type ServiceView } from '../shared/serviceApi';
import { useServiceSheet } from './useServiceSheet';

/**
 * `/services/{serviceId}` (spec §2): the header with the workflow actions and the owner's menu,
 * then the tabs of panels its screen file declares (schemas/screens/serviceSheet.json: overview,
 * elements, history, risk analysis, reminders, billing), the open one in the address (`?tab=`).
 */
export default function ServiceSheetPage() {
  const { t } = useTranslation();
  const { serviceId = '' } = useParams();
  const sheet = useServiceSheet(serviceId);
  const { profile, config } = useReadySession();
  const screen = config.screens.find((item) => item.page === 'serviceSheet')!;

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
        screen={screen}
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
      <ServiceSheetContext.Provider value={{ service, sheet }}>
        {/* Drawn anew at each opening: a tab shows what the other tabs' writes changed (a note in the history). */}
        <RecordTabs tabs={screen.tabs ?? []} userRoles={profile.roles} keepMounted={false}>
          {(tab) => (
            // The header paints first (the page's largest text); the panels' cards and grids follow in a render of their own.
            <AfterFirstPaint fallback={<PanelsSkeleton />} code={FORM_CODE}>
              <ConfiguredPanels
                screen={screen}
                config={config}
                record={record}
                panels={tab.panels}
                userRoles={profile.roles}
                userContactId={profile.contactId}
                writable={service.rights.sheet.right === 'WRITE'}
                addable={service.rights.addElements === true}
                onReload={() => void sheet.reload()}
              />
            </AfterFirstPaint>
          )}
        </RecordTabs>
      </ServiceSheetContext.Provider>
    </Stack>
  );
}
