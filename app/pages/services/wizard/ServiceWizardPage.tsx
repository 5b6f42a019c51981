import { Alert, Button, SegmentedControl, Stack } from '@mantine/core';
import { IconAlertTriangle, IconBolt, IconListDetails } from '@tabler/icons-react';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { WizardScreen } from '../../../../engine/wizard/WizardScreen';
import type { WizardRequest } from '../../../../engine/wizard/useWizardSource';
import { rolePickerOptions } from '../../../../machines/serviceRoles';
import { emptyDraft, withCallerSlots, withServiceDefaults, type WizardDraft, type WizardMode } from '../../../../machines/serviceWizard';
import { useReadySession } from '../../../auth/session';
import type { ServiceView } from '../shared/serviceApi';
import { emptyQuick, quickBody, type QuickDraft } from './quick/quickService';
import { wizardModeOf } from './stepPanel';
import { createBody, draftOfOrder, draftOfService, updateBody } from './wizardBody';
import { draftOfPurchaseOrder, type OrderLineView } from './purchaseOrderLines';
import { customObjects, withSentCustomValues, type CustomObjects } from '../customFields/serviceCustomFields';
import { wizardTypeOf, wizardUserOf, type WizardUser } from './wizardCaller';
import { useServiceDefaults } from './serviceDefaults';
import { PageLoader } from '../../FullPageLoader';
import './wizardPanels';

type Row = Record<string, unknown>;

/**
 * A new service: the company's service defaults (docs/settings.md); when the picker allows one side
 * only, it is chosen and the caller's company put in its slot.
 */
function newDraft(user: WizardUser, defaults: Row): WizardDraft {
  const enabled = rolePickerOptions({ ...user, selected: [] }).filter((option) => option.enabled);
  const roles = enabled.length === 1 ? [enabled[0].side] : [];
  const draft = withServiceDefaults(emptyDraft(roles), defaults);
  return { ...draft, service: withCallerSlots(draft.service, roles, user) };
}

/** The draft a mode starts from; null when the order asked for is not on the source service, or has no line the caller sees. */
function startDraft(mode: WizardMode, user: WizardUser, source: ServiceView | null, poNumber: string, defaults: Row): WizardDraft | null {
  if (mode === 'PURCHASE_ORDER') return Array.isArray(source) ? draftOfPurchaseOrder(newDraft(user, defaults), source as OrderLineView[]) : null;
  if (!source) return newDraft(user, defaults);
  if (mode === 'EDIT' || mode === 'DUPLICATE') return draftOfService(source, mode);
  if (mode === 'ORDER') return draftOfOrder(source, poNumber);
  return emptyDraft();
}

/**
 * The body of each mode's save (docs/services.md): the light wizard's flat body; RESCHEDULE asks the other side with a
 * proposal while none waits, and postpones an agreed date.
 */
function requestOf(mode: WizardMode | 'QUICK', customFields: CustomObjects): WizardRequest {
  // Only the values the caller's company writes: the server keeps the others as they are.
  const draftOf = (data: Row) => withSentCustomValues(data as unknown as WizardDraft, customFields);
  if (mode === 'QUICK') return (data) => ({ body: quickBody(data as unknown as QuickDraft, customFields) });
  if (mode === 'EDIT') return (data, existing) => ({ body: updateBody(draftOf(data), Number(existing?.version)) });
  if (mode !== 'RESCHEDULE') return (data) => ({ body: createBody(draftOf(data)) });
  return (data, existing) => {
    const service = existing as unknown as ServiceView;
    const { service: dates, note } = draftOf(data);
    const kind = service.actions?.includes('POSTPONE') ? 'postpone' : 'requestDate';
    const body = { serviceId: service.serviceId, startDate: dates.startDate, endDate: dates.endDate, comment: note || undefined, version: service.version };
    return { url: `/back/bo/serviceDateLines/${kind}`, body };
  };
}

/**
 * `/services/wizard?mode=&serviceId=&poNumber=&purchaseOrderId=`: the full wizard, the engine's on the steps, modes and saves of
 * schemas/screens/serviceWizard.json (NEW, EDIT, DUPLICATE, RESCHEDULE, ORDER with the order's PO number, PURCHASE_ORDER
 * from a brand's purchase order), or the
 * light one (mode QUICK, or a QUICK profile); a BOTH profile switches between them.
 */
export default function ServiceWizardPage() {
  const { t } = useTranslation();
  const { profile, config } = useReadySession();
  const [params, setParams] = useSearchParams();
  const user = useMemo(() => wizardUserOf(profile), [profile]);
  const wizardType = wizardTypeOf(profile);
  // `?purchaseOrderId=` alone starts from that purchase order (the order's "new service").
  const asked = (params.get('mode') ?? (params.has('purchaseOrderId') ? 'PURCHASE_ORDER' : 'NEW')).toUpperCase();
  const mode = wizardModeOf(asked);
  const poNumber = params.get('poNumber') ?? '';
  const light = mode === 'NEW' && (asked === 'QUICK' || wizardType === 'QUICK');
  const screen = config.screens.find((item) => item.page === 'serviceWizard')!;
  // A new service, light or full, starts from the company's defaults: the wizard waits for them, so
  // nothing typed is ever replaced by defaults arriving late.
  const defaults = useServiceDefaults(profile.companyId, mode === 'NEW' || mode === 'PURCHASE_ORDER');
  const start = useCallback(
    (loaded: Row | null) => (light ? emptyQuick(user, defaults ?? {}) : startDraft(mode, user, loaded as ServiceView | null, poNumber, defaults ?? {})) as Row | null,
    [light, mode, user, poNumber, defaults],
  );

  const switcher = mode === 'NEW' && wizardType === 'BOTH' && (
    <SegmentedControl
      aria-label={t('serviceWizard.kind')}
      value={light ? 'QUICK' : 'FULL'}
      onChange={(kind) => setParams(kind === 'QUICK' ? { mode: 'QUICK' } : {})}
      data={[
        { value: 'FULL', label: <Label icon={<IconListDetails size={16} />} text={t('serviceWizard.kind.FULL')} /> },
        { value: 'QUICK', label: <Label icon={<IconBolt size={16} />} text={t('serviceWizard.kind.QUICK')} /> },
      ]}
    />
  );
  // A service found without the order asked for: say which order is missing.
  const unavailable = (loaded: Row | null) => {
    const missing = mode === 'PURCHASE_ORDER' ? 'purchaseOrderMissing' : loaded ? 'orderMissing' : 'sourceMissing';
    return (
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title={t(`serviceWizard.${missing}.title`)}>
        {t(`serviceWizard.${missing}.text`, { number: loaded?.number ?? '', poNumber })}
        <div>
          <Button component={Link} to="/services/search" variant="white" color="yellow" size="xs" mt="sm">
            {t('serviceWizard.sourceMissing.back')}
          </Button>
        </div>
      </Alert>
    );
  };

  if (!defaults) return <PageLoader />;
  return (
    <Stack gap="lg" maw={1320} mx="auto" w="100%">
      <WizardScreen
        key={`${light ? 'QUICK' : mode}-${params.get('serviceId') ?? ''}-${params.get('purchaseOrderId') ?? ''}`}
        screen={screen}
        config={config}
        mode={light ? 'QUICK' : mode}
        userRoles={profile.roles}
        start={start}
        request={requestOf(light ? 'QUICK' : mode, customObjects(config))}
        actions={switcher || undefined}
        unavailable={unavailable}
      />
    </Stack>
  );
}

function Label({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      {icon}
      {text}
    </span>
  );
}
