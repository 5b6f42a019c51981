import { Button, Card, Divider, Group, Stepper, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconCalendarEvent, IconCheck, IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useReducer, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  canOpenStep,
  initialWizard,
  isSaveStep,
  stepErrors,
  withCallerSlots,
  wizardReducer,
  type WizardDraft,
  type WizardMode,
  type WizardStep,
} from '../../../../machines/serviceWizard';
import { showSnack } from '../../../notifications/snackbar';
import { serviceApi, type ServiceView } from '../shared/serviceApi';
import { Confirmation, type SavedService } from './Confirmation';
import { fieldErrorsOf } from './serverErrors';
import { CompaniesStep } from './steps/CompaniesStep';
import { DatesStep } from './steps/DatesStep';
import { DetailsStep } from './steps/DetailsStep';
import { NotesStep } from './steps/NotesStep';
import { NotificationStep } from './steps/NotificationStep';
import { RoleStep } from './steps/RoleStep';
import { usePageLeaveGuard } from '../../../../engine/sheet/usePageLeaveGuard';
import { createBody, updateBody } from './wizardBody';
import type { WizardUser } from './wizardCaller';
import { useFieldError, useWizardLimits } from './fields';

interface FullWizardProps {
  mode: WizardMode;
  user: WizardUser;
  draft: WizardDraft;
  /** EDIT, DUPLICATE, RESCHEDULE: the service it starts from. */
  source?: ServiceView;
  /** Where Cancel goes. */
  exitPath: string;
  /** A fresh draft for "Create another". */
  fresh: () => WizardDraft;
}

/** RESCHEDULE asks the other side with a proposal while none waits, and postpones an agreed date. */
const proposalKind = (service: ServiceView) => (service.actions?.includes('POSTPONE') ? 'postpone' : 'requestDate');

/** Server paths of the flat date call (`/startDate`, `/comment`) on the wizard's fields. */
const datePath = (path: string) => (path === '/comment' ? '/note' : path.startsWith('/service') ? path : `/service${path}`);

/** The full wizard (spec §2): a non-linear stepper whose Next checks the step with the server's rules. */
export function FullWizard({ mode, user, draft, source, exitPath, fresh }: FullWizardProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const limits = useWizardLimits();
  const [state, dispatch] = useReducer(wizardReducer, undefined, () => initialWizard(mode, user, draft, limits));
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<SavedService | null>(null);
  const leave = usePageLeaveGuard(state.draft, state.baseline);
  const errorAt = useFieldError(state.errors);
  const step = state.steps[state.active];
  const edit = (change: (draft: WizardDraft) => WizardDraft) => dispatch({ type: 'EDIT', change });

  // EDIT and RESCHEDULE end on the sheet, once the guard knows nothing is left unsaved.
  const toSheet = useEffectEvent(() => {
    if (source && (mode === 'EDIT' || mode === 'RESCHEDULE')) navigate(`/services/${source.serviceId}`);
  });
  useEffect(() => {
    if (state.done && !leave.dirty) toSheet();
  }, [state.done, leave.dirty]);

  async function save() {
    setSaving(true);
    try {
      if (mode === 'EDIT' && source) {
        await serviceApi.update(source.serviceId, updateBody(state.draft, source.version));
        showSnack({ level: 'success', message: t('serviceWizard.updated', { number: source.number }) });
      } else if (mode === 'RESCHEDULE' && source) {
        const { startDate, endDate } = state.draft.service;
        await serviceApi.proposeDate(proposalKind(source), { serviceId: source.serviceId, startDate: startDate!, endDate, comment: state.draft.note || undefined, version: source.version });
        showSnack({ level: 'success', message: t('serviceWizard.dates.proposed', { number: source.number }) });
      } else {
        setSaved(await serviceApi.create(createBody(state.draft)));
      }
      dispatch({ type: 'SAVED' });
    } catch (error) {
      const errors = fieldErrorsOf(error);
      dispatch({ type: 'SERVER_ERRORS', errors: mode === 'RESCHEDULE' ? errors.map((item) => ({ ...item, path: datePath(item.path) })) : errors });
    } finally {
      setSaving(false);
    }
  }

  function next() {
    const valid = !stepErrors(step, state.draft, user, mode).length;
    dispatch({ type: 'NEXT' });
    if (valid && isSaveStep(state)) void save();
  }

  function another() {
    setSaved(null);
    dispatch({ type: 'LOAD', draft: fresh() });
  }

  const content: Record<WizardStep, () => ReactNode> = {
    ROLE: () => (
      <RoleStep
        caller={user}
        roles={state.draft.roles}
        error={errorAt('/roles')}
        onChange={(roles) => edit((d) => ({ ...d, roles, service: withCallerSlots(d.service, roles, user) }))}
      />
    ),
    COMPANIES: () => (
      <CompaniesStep service={state.draft.service} roles={state.draft.roles} user={user} errors={state.errors} onChange={(patch) => edit((d) => ({ ...d, service: { ...d.service, ...patch } }))} />
    ),
    DETAILS: () => (
      <DetailsStep
        draft={state.draft}
        roles={state.draft.roles}
        errors={state.errors}
        datesReadOnly={mode === 'EDIT'}
        onService={(patch) => edit((d) => ({ ...d, service: { ...d.service, ...patch } }))}
        onPoLines={(purchaseOrderLines) => edit((d) => ({ ...d, purchaseOrderLines }))}
        onLabLines={(laboratoryLines) => edit((d) => ({ ...d, laboratoryLines }))}
      />
    ),
    NOTES: () => <NotesStep note={state.draft.note} onChange={(note) => edit((d) => ({ ...d, note }))} error={errorAt('/note')} />,
    NOTIFICATION: () => (
      <NotificationStep
        notification={state.draft.notification}
        service={state.draft.service}
        errors={state.errors}
        onChange={(patch) => edit((d) => ({ ...d, notification: { ...d.notification, ...patch } }))}
      />
    ),
    DATES: () => (
      <DatesStep
        service={state.draft.service}
        current={{ startDate: source?.startDate, endDate: source?.endDate }}
        comment={state.draft.note}
        errors={state.errors}
        onService={(patch) => edit((d) => ({ ...d, service: { ...d.service, ...patch } }))}
        onComment={(note) => edit((d) => ({ ...d, note }))}
      />
    ),
    CONFIRMATION: () => (saved ? <Confirmation saved={saved} onAnother={another} /> : null),
  };

  const saveLabel = mode === 'EDIT' ? 'serviceWizard.save' : mode === 'RESCHEDULE' ? 'serviceWizard.dates.propose' : 'serviceWizard.create';
  const saveIcon = mode === 'RESCHEDULE' ? <IconCalendarEvent size={16} /> : mode === 'EDIT' ? <IconDeviceFloppy size={16} /> : <IconCheck size={16} />;
  const saveStep = isSaveStep(state);

  return (
    <Card withBorder radius="md" padding="lg" shadow="xs">
      {state.steps.length > 1 && (
        <>
          <Stepper active={state.done ? state.steps.length : state.active} onStepClick={(index) => dispatch({ type: 'GOTO', index })} size="sm" allowNextStepsSelect={false} wrap={false} aria-label={t('serviceWizard.stepsLabel')}>
            {state.steps.map((item, index) => (
              <Stepper.Step
                key={item}
                label={t(`serviceWizard.step.${item}`)}
                description={t(`serviceWizard.step.${item}.description`)}
                allowStepSelect={canOpenStep(state, index)}
                data-step={item}
              />
            ))}
          </Stepper>
          <Divider my="lg" />
        </>
      )}
      <div role="region" aria-label={t(`serviceWizard.step.${step}`)} data-active-step={step}>
        {!state.done && (
          <Text fw={600} size="lg" mb="md">
            {t(`serviceWizard.step.${step}.title`)}
          </Text>
        )}
        {content[step]()}
      </div>
      {!state.done && (
        <>
          <Divider my="lg" />
          <Group justify="space-between">
            <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => (state.active === 0 ? navigate(exitPath) : dispatch({ type: 'BACK' }))}>
              {t(state.active === 0 ? 'serviceWizard.cancel' : 'serviceWizard.back')}
            </Button>
            <Button onClick={next} loading={saving} rightSection={saveStep ? saveIcon : <IconArrowRight size={16} />}>
              {t(saveStep ? saveLabel : 'serviceWizard.next')}
            </Button>
          </Group>
        </>
      )}
      {leave.dialog}
    </Card>
  );
}
