import { Alert, Badge, Button, Card, Center, Checkbox, Divider, Group, Loader, Paper, Stack, Stepper, Text } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import type Form from '@rjsf/core';
import { IconArrowLeft, IconArrowRight, IconDeviceFloppy, IconMinus } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { api, ApiError, reportApiError } from '../api';
import type { AppConfig, ScreenConfig } from '../config';
import { FORM_CODE, LazySchemaForm } from '../form/LazySchemaForm';
import type { FieldError } from '../form/validation';
import { titleText } from '../i18n';
import { pickFields, schemaOfFields } from '../schema/fields';
import { newRecord } from '../sheet/defaults';
import { usePageLeaveGuard } from '../sheet/usePageLeaveGuard';
import { PageHeader } from '../ui/PageHeader';
import { machineOf } from '../workflow/machineOf';
import { notify } from '../notify';
import { fillUrl } from '../record/attachments/attachmentTarget';
import { ConfiguredPanels } from '../record/ConfiguredPanels';
import { AfterFirstPaint } from '../ui/AfterFirstPaint';
import { PanelsSkeleton } from '../ui/PanelsSkeleton';
import { WizardDraftNotice } from './WizardDraftNotice';
import { WizardSummary } from './WizardSummary';
import { useWizardDraft } from './useWizardDraft';
import { screenInMode, stepOfPath, stepsOfMachine } from './wizardModes';
import { WizardResult } from './WizardResult';
import { isLastStep, wizardMove } from './wizardSteps';
import { saveRequest, unwrapPath, useWizardSource, type WizardRequest } from './useWizardSource';

type Row = Record<string, unknown>;

export interface WizardScreenProps {
  screen: ScreenConfig;
  config: AppConfig;
  userRoles?: readonly string[];
  /** The signed-in person: a `draft: true` wizard keeps its draft under their id. */
  owner?: string | number;
  /** The mode, when the page chooses it (default: the address's `?mode=`). */
  mode?: string;
  /** A hand-written page drawing the wizard: the values it starts from, given what `source` loaded (null: it cannot start). */
  start?: (loaded: Row | null) => Row | null;
  /** ... the body of its save call. */
  request?: WizardRequest;
  /** ... what shows beside the title, and in place of the wizard when it cannot start. */
  actions?: ReactNode;
  unavailable?: (loaded: Row | null) => ReactNode;
}

/**
 * A wizard (`type: "wizard"`, docs/schemas.md "Wizards"): steps that are forms of the entity's
 * fields, in the order its machine decides (NEXT and BACK, guarded by the data typed so far), a
 * stepper whose visited steps can be reopened, a summary step that creates the record, and a result
 * page. Leaving with typed data asks first.
 */
export function WizardScreen({ screen: written, config, userRoles = [], owner, mode: chosen, start, request, actions, unavailable }: WizardScreenProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const mode = chosen ?? search.get('mode');
  const screen = useMemo(() => screenInMode(written, mode), [written, mode]);
  const entity = config.entities[screen.entity ?? ''];
  const machine = machineOf(config, screen.machine);
  const steps = useMemo(() => (machine ? stepsOfMachine(screen.steps ?? [], machine) : []), [machine, screen.steps]);
  const source = useWizardSource(screen.source);
  // What it starts from: the page's `start` on what was loaded, else the loaded record, else the entity's defaults (null: it cannot start).
  const baseline = useMemo<Row | null>(() => {
    if (start) return source.loading ? {} : start(source.initial);
    return source.initial ?? (entity ? newRecord(entity) : {});
  }, [start, source.loading, source.initial, entity]);
  const [data, setData] = useState<Row>(baseline ?? {});
  const [extras, setExtras] = useState<Row>({});
  // The loaded values replace the defaults once they arrive, before the steps draw them.
  const [dataOf, setDataOf] = useState(baseline);
  if (dataOf !== baseline) {
    setDataOf(baseline);
    setData(baseline ?? {});
  }
  // Checks of the step's panels (their `registerSubmit`), run before Next.
  const checks = useRef(new Set<() => Promise<boolean>>());
  const registerCheck = (check: () => Promise<boolean>) => {
    checks.current.add(check);
    return () => void checks.current.delete(check);
  };
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => {
    if (done) navigate(done);
  }, [done, navigate]);
  const [step, setStep] = useState<string>(() => (machine ? String(machine.config.initial) : (steps[0]?.name ?? '')));
  const [visited, setVisited] = useState<string[]>([step]);
  const [refused, setRefused] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [created, setCreated] = useState<Row | null>(null);
  const formRef = useRef<Form>(null);
  const leave = usePageLeaveGuard(created ? (baseline ?? {}) : data, baseline ?? {});
  const initialStep = machine ? String(machine.config.initial) : (steps[0]?.name ?? '');
  const draft = useWizardDraft({
    enabled: screen.draft === true,
    owner,
    path: `${location.pathname}${location.search}`,
    ready: !source.loading && !source.failed,
    finished: created !== null,
    state: { data, extras, step, visited },
    baseline: baseline ?? {},
    restore: (kept) => {
      const known = steps.some((item) => item.name === kept.step);
      setData(kept.data);
      setExtras(kept.extras);
      setStep(known ? kept.step : initialStep);
      setVisited(known ? kept.visited : [initialStep]);
    },
  });

  const current = steps.find((item) => item.name === step);
  const schema = useMemo(() => (entity && current?.fields ? schemaOfFields(entity, current.fields) : undefined), [entity, current]);
  if (!entity || !machine) return <Alert color="red">{t('engine.wizard.misconfigured', { name: screen.route })}</Alert>;

  const move = (event: 'NEXT' | 'BACK') => {
    const next = wizardMove(machine, step, event, data);
    setRefused(next === null && event === 'NEXT');
    if (next === null) return;
    setStep(next);
    setVisited((seen) => (seen.includes(next) ? seen : [...seen, next]));
  };
  /** The step's own checks (its form, its panels'). */
  const checked = async () => {
    if (formRef.current && !formRef.current.validateForm()) return false;
    for (const check of checks.current) if (!(await check())) return false;
    return true;
  };
  const next = async () => {
    // The step's own checks first, then the machine's guard.
    if (await checked()) move('NEXT');
  };
  /** A refused save's field errors, and the step that shows the first of them (its `paths` or `fields`). */
  const refusedWith = (errors: FieldError[]) => {
    setServerErrors(errors);
    const target = errors.length ? stepOfPath(steps, errors[0].path) : null;
    if (target && target !== step) setStep(target);
  };
  /** With a `save` config: its call, then its `result` panel or its `done` page; otherwise POST to the entity and the result page. */
  const create = async () => {
    setSaving(true);
    setServerErrors([]);
    try {
      if (screen.save) {
        const call = saveRequest(screen.save, source, data, extras, request);
        const answer = await api[call.method]<Row>(call.url, call.body, { quiet: true });
        await draft.forget();
        const message = source.existing ? (screen.save.updated ?? screen.save.created) : screen.save.created;
        if (message) notify({ level: 'success', message: t(message, { ...source.existing, ...answer }) });
        setCreated(answer && typeof answer === 'object' ? answer : data);
        // Navigates once the page knows it is saved (the leave guard lets it go).
        if (screen.save.done && !screen.save.result) setDone(fillUrl(screen.save.done, source.params));
      } else {
        const stored = await api.post<Row>(entity['x-api'] as string, data, { quiet: true });
        await draft.forget();
        setCreated(stored);
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 400) refusedWith((error.body?.errors ?? []).map((item: FieldError) => ({ ...item, path: unwrapPath(screen.save, item.path) })));
      reportApiError(error);
    } finally {
      setSaving(false);
    }
  };
  const restart = () => {
    setData(baseline ?? {});
    setExtras({});
    setStep(initialStep);
    setVisited([initialStep]);
    setCreated(null);
    setServerErrors([]);
  };
  const discardDraft = async () => {
    await draft.forget();
    restart();
  };

  if (source.loading || draft.checking) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  const badge = written.modes?.[String(mode).toUpperCase()]?.badge;
  const header = (
    <PageHeader
      screen={screen}
      config={config}
      actions={
        actions || (badge && source.existing) ? (
          <Group gap="xs">
            {actions}
            {badge && source.existing && (
              <Badge size="lg" variant="light" radius="sm" style={{ textTransform: 'none' }}>
                {t(badge, { ...source.params, ...source.existing })}
              </Badge>
            )}
          </Group>
        ) : undefined
      }
    />
  );
  if (source.failed || baseline === null) {
    return (
      <Stack gap="md">
        {header}
        {unavailable?.(source.existing) ?? <Alert color="red">{t('engine.wizard.loadFailed')}</Alert>}
      </Stack>
    );
  }
  if (created && screen.save && !screen.save.result) return null;
  if (created) {
    return (
      <Stack gap="md">
        {header}
        <WizardResult screen={screen} config={config} created={created} userRoles={userRoles} restart={restart} />
      </Stack>
    );
  }

  const index = steps.findIndex((item) => item.name === step);
  const first = wizardMove(machine, step, 'BACK', data) === null;
  const cancel = screen.cancel ?? screen.parent;
  // The machine's last step saves (after its checks); the summary step saves what it shows.
  const saves = current?.summary || isLastStep(machine, step);
  const save = () => void (current?.summary ? create() : checked().then((ok) => (ok ? create() : undefined)));
  return (
    <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
      <Stack gap="md">
        {header}
        {draft.restoredAt && <WizardDraftNotice savedAt={draft.restoredAt} onDiscard={() => void discardDraft()} onClose={draft.dismiss} />}
        {/* A form named after its step: a person finds the step's fields and its Next or save button in it. */}
        <Card withBorder radius="md" padding="lg" role="form" aria-label={titleText(t, current?.title)}>
          {/* The header paints first; the step's forms and grids, and the buttons that act on them, follow in a render of their own. */}
          <AfterFirstPaint fallback={<PanelsSkeleton />} code={FORM_CODE}>
            {steps.length > 1 && (
              <>
                <Stepper active={index} onStepClick={(target) => setStep(steps[target].name)} size="sm" aria-label={titleText(t, screen.title)}>
                  {steps.map((item) => (
                    // A step the machine went past without stopping (not for these values) shows as skipped, not done.
                    <Stepper.Step
                      key={item.name}
                      label={titleText(t, item.title)}
                      description={item.description && t(item.description)}
                      allowStepSelect={visited.includes(item.name) && item.name !== step}
                      data-step={item.name}
                      {...(visited.includes(item.name) ? {} : { completedIcon: <IconMinus size={16} />, color: 'gray', 'data-skipped': true })}
                    />
                  ))}
                </Stepper>
                <Divider my="lg" />
              </>
            )}
            <div role="region" aria-label={titleText(t, current?.title)} data-active-step={step}>
              <Stack gap="md">
                {current?.heading && (
                  <Text fw={600} size="lg">
                    {t(current.heading)}
                  </Text>
                )}
                {current?.summary ? (
                  <WizardSummary entity={entity} steps={steps} data={data} />
                ) : schema ? (
                  <LazySchemaForm
                    key={`form-${step}`}
                    schema={schema}
                    uiSchema={current?.ui ? config.ui[current.ui] : undefined}
                    formData={pickFields(data, current?.fields ?? [])}
                    onChange={(changed) => setData((all) => ({ ...all, ...changed }))}
                    mode={source.existing ? 'edit' : 'create'}
                    serverErrors={serverErrors}
                    formRef={formRef}
                    idPrefix="wizard"
                  />
                ) : null}
                {current?.panels?.length ? (
                  <ConfiguredPanels
                    key={`panels-${step}`}
                    panels={current.panels}
                    screen={screen}
                    config={config}
                    record={data}
                    saved={source.existing}
                    // The summary's panels show the values as they will be saved; they change nothing.
                    onChange={current.summary ? undefined : setData}
                    writable
                    userRoles={userRoles}
                    serverErrors={serverErrors}
                    registerSubmit={registerCheck}
                  />
                ) : null}
                {current?.summary &&
                  screen.save?.extras?.map((extra) => (
                    <Paper key={extra.name} withBorder radius="md" p="sm">
                      <Checkbox label={t(extra.label)} checked={extras[extra.name] === true} onChange={(event) => setExtras((all) => ({ ...all, [extra.name]: event.currentTarget.checked }))} />
                    </Paper>
                  ))}
              </Stack>
            </div>
            {refused && (
              <Alert color="orange" variant="light" mt="md" role="alert">
                {t('engine.wizard.notReady')}
              </Alert>
            )}
            {serverErrors.length > 0 && (
              <Alert color="red" variant="light" mt="md" role="alert">
                {serverErrors.map((error) => `${error.path}: ${t(error.message, { defaultValue: error.message })}`).join(' · ')}
              </Alert>
            )}
            <Group justify="space-between" mt="lg">
              {first && cancel ? (
                // The first step's way out: the leave guard asks before typed values are lost.
                <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => navigate(fillUrl(cancel, source.params))}>
                  {t('engine.action.cancel')}
                </Button>
              ) : (
                <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => move('BACK')} disabled={first}>
                  {t('engine.action.back')}
                </Button>
              )}
              {saves ? (
                <Button leftSection={<IconDeviceFloppy size={16} />} loading={saving} onClick={save}>
                  {t(screen.save?.label ?? (source.existing ? 'engine.action.save' : 'engine.wizard.create'))}
                </Button>
              ) : (
                <Button rightSection={<IconArrowRight size={16} />} onClick={() => void next()}>
                  {t('engine.wizard.next')}
                </Button>
              )}
            </Group>
          </AfterFirstPaint>
        </Card>
      </Stack>
      {leave.dialog}
    </DatesProvider>
  );
}
