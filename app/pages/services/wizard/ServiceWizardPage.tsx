import { Alert, Badge, Button, SegmentedControl, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle, IconBolt, IconListDetails } from '@tabler/icons-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../../../engine/ui/PageHeader';
import { rolePickerOptions } from '../../../../machines/serviceRoles';
import { emptyDraft, WIZARD_MODES, withCallerSlots, type WizardDraft, type WizardMode } from '../../../../machines/serviceWizard';
import { useReadySession } from '../../../auth/session';
import { serviceApi, type ServiceView } from '../shared/serviceApi';
import { FullWizard } from './FullWizard';
import { QuickWizard } from './quick/QuickWizard';
import { draftOfOrder, draftOfService } from './wizardBody';
import { wizardTypeOf, wizardUserOf, type WizardUser } from './wizardCaller';

/** A new service: when the picker allows one side only, it is chosen and the caller's company put in its slot. */
function newDraft(user: WizardUser): WizardDraft {
  const enabled = rolePickerOptions({ ...user, selected: [] }).filter((option) => option.enabled);
  const roles = enabled.length === 1 ? [enabled[0].side] : [];
  const draft = emptyDraft(roles);
  return { ...draft, service: withCallerSlots(draft.service, roles, user) };
}

/** The draft a mode starts from; null when the order asked for is not on the source service. */
function startDraft(mode: WizardMode, user: WizardUser, source: ServiceView | undefined, poNumber: string): WizardDraft | null {
  if (!source) return newDraft(user);
  if (mode === 'EDIT' || mode === 'DUPLICATE') return draftOfService(source, mode);
  if (mode === 'ORDER') return draftOfOrder(source, poNumber);
  return emptyDraft();
}

type SourceState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; service?: ServiceView };

/** The service the wizard starts from (EDIT, DUPLICATE, RESCHEDULE). */
function useSource(serviceId: string | null, needed: boolean): SourceState {
  const [state, setState] = useState<SourceState>({ status: needed ? 'loading' : 'ready' });
  useEffect(() => {
    if (!needed || !serviceId) return setState(needed ? { status: 'failed' } : { status: 'ready' });
    let live = true;
    setState({ status: 'loading' });
    serviceApi
      .get(serviceId)
      .then((service) => live && setState({ status: 'ready', service }))
      .catch(() => live && setState({ status: 'failed' }));
    return () => {
      live = false;
    };
  }, [serviceId, needed]);
  return state;
}

/**
 * `/services/wizard?mode=&serviceId=&poNumber=`: the full wizard (NEW, EDIT, DUPLICATE, RESCHEDULE,
 * ORDER with the order's PO number) or the
 * light one (mode QUICK, or a QUICK profile); a BOTH profile switches between them.
 */
export default function ServiceWizardPage() {
  const { t } = useTranslation();
  const { profile, config } = useReadySession();
  const [params, setParams] = useSearchParams();
  const user = useMemo(() => wizardUserOf(profile), [profile]);
  const wizardType = wizardTypeOf(profile);
  const asked = (params.get('mode') ?? 'NEW').toUpperCase();
  const mode: WizardMode = (WIZARD_MODES as readonly string[]).includes(asked) ? (asked as WizardMode) : 'NEW';
  const serviceId = params.get('serviceId');
  const poNumber = params.get('poNumber') ?? '';
  const light = mode === 'NEW' && (asked === 'QUICK' || wizardType === 'QUICK');
  const source = useSource(serviceId, mode !== 'NEW');
  const wizardScreen = config.screens.find((item) => item.page === 'serviceWizard')!;
  // The screen's title says "New service"; the other modes name what they do.
  const screen = mode === 'NEW' ? wizardScreen : { ...wizardScreen, title: `serviceWizard.title.${mode}` };

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
  const about = source.status === 'ready' && source.service && (
    <Badge size="lg" variant="light" radius="sm" style={{ textTransform: 'none' }}>
      {t(`serviceWizard.mode.${mode}`, { number: source.service.number, poNumber })}
    </Badge>
  );

  const exitPath = serviceId && mode !== 'DUPLICATE' ? `/services/${serviceId}` : '/services/search';
  const draft = source.status === 'ready' ? startDraft(mode, user, source.service, poNumber) : null;
  let body;
  if (source.status === 'loading') body = <Skeleton h={420} radius="md" />;
  else if (source.status === 'failed' || !draft) {
    // A service found without the order asked for: say which order is missing.
    const missing = source.status === 'ready' && source.service ? 'orderMissing' : 'sourceMissing';
    body = (
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title={t(`serviceWizard.${missing}.title`)}>
        {t(`serviceWizard.${missing}.text`, { number: source.status === 'ready' ? source.service?.number : '', poNumber })}
        <div>
          <Button component={Link} to="/services/search" variant="white" color="yellow" size="xs" mt="sm">
            {t('serviceWizard.sourceMissing.back')}
          </Button>
        </div>
      </Alert>
    );
  } else if (light) body = <QuickWizard key="quick" user={user} />;
  else
    body = (
      <FullWizard
        key={`${mode}-${serviceId ?? ''}`}
        mode={mode}
        user={user}
        source={source.service}
        draft={draft}
        exitPath={exitPath}
        fresh={() => newDraft(user)}
      />
    );

  return (
    <Stack gap="lg" maw={1320} mx="auto" w="100%">
      <PageHeader screen={screen} config={config} actions={switcher || about || undefined} />
      {body}
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
