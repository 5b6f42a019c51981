import { Alert, Button, Card, Divider, Group, Stack, Stepper, Text, ThemeIcon, Title } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import type Form from '@rjsf/core';
import { IconArrowLeft, IconArrowRight, IconCheck, IconDeviceFloppy } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { api, ApiError, reportApiError } from '../api';
import type { AppConfig, ScreenConfig } from '../config';
import { SchemaForm } from '../form/SchemaForm';
import type { FieldError } from '../form/validation';
import { titleText } from '../i18n';
import { pickFields, schemaOfFields } from '../schema/fields';
import { fillRoute, idParamOf } from '../search/routeParams';
import { newRecord } from '../sheet/defaults';
import { usePageLeaveGuard } from '../sheet/usePageLeaveGuard';
import { PageHeader } from '../ui/PageHeader';
import { machineOf } from '../workflow/machineOf';
import { WizardSummary } from './WizardSummary';
import { wizardMove } from './wizardSteps';

type Row = Record<string, unknown>;

export interface WizardScreenProps {
  screen: ScreenConfig;
  config: AppConfig;
}

/**
 * A wizard (`type: "wizard"`, docs/schemas.md "Wizards"): steps that are forms of the entity's
 * fields, in the order its machine decides (NEXT and BACK, guarded by the data typed so far), a
 * stepper whose visited steps can be reopened, a summary step that creates the record, and a result
 * page. Leaving with typed data asks first.
 */
export function WizardScreen({ screen, config }: WizardScreenProps) {
  const { t, i18n } = useTranslation();
  const entity = config.entities[screen.entity ?? ''];
  const machine = machineOf(config, screen.machine);
  const steps = screen.steps ?? [];
  const baseline = useMemo(() => (entity ? newRecord(entity) : {}), [entity]);
  const [data, setData] = useState<Row>(baseline);
  const [step, setStep] = useState<string>(() => (machine ? String(machine.config.initial) : (steps[0]?.name ?? '')));
  const [visited, setVisited] = useState<string[]>([step]);
  const [refused, setRefused] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [created, setCreated] = useState<Row | null>(null);
  const formRef = useRef<Form>(null);
  const leave = usePageLeaveGuard(created ? baseline : data, baseline);

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
  const next = () => {
    // The step's own checks first, then the machine's guard.
    if (formRef.current && !formRef.current.validateForm()) return;
    move('NEXT');
  };
  const create = async () => {
    setSaving(true);
    setServerErrors([]);
    try {
      setCreated(await api.post<Row>(entity['x-api'] as string, data, { quiet: true }));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 400) setServerErrors(error.body?.errors ?? []);
      reportApiError(error);
    } finally {
      setSaving(false);
    }
  };
  const restart = () => {
    setData(baseline);
    setStep(String(machine.config.initial));
    setVisited([String(machine.config.initial)]);
    setCreated(null);
  };

  if (created) {
    const page = config.screens.find((item) => item.type === 'record' && item.entity === screen.entity);
    const path = page && fillRoute(page.route, { [idParamOf(page.route)]: String(created[entity['x-id']]) });
    const number = created[(entity['x-number'] as { field?: string } | undefined)?.field ?? entity['x-id']];
    return (
      <Stack gap="md">
        <PageHeader screen={screen} config={config} />
        <Card withBorder radius="md" padding="xl" data-testid="wizard-result">
          <Group gap="md">
            <ThemeIcon size={48} radius="xl" color="teal" variant="light">
              <IconCheck size={26} />
            </ThemeIcon>
            <div>
              <Title order={3}>{t('engine.wizard.created', { entity: titleText(t, entity.title as string | undefined), number: String(number ?? '') })}</Title>
              <Text c="dimmed">{t('engine.wizard.createdHint')}</Text>
            </div>
          </Group>
          <Group mt="lg" gap="xs">
            {path && (
              <Button component={Link} to={path}>
                {t('engine.wizard.open')}
              </Button>
            )}
            <Button variant="default" onClick={restart}>
              {t('engine.wizard.again')}
            </Button>
          </Group>
        </Card>
      </Stack>
    );
  }

  const index = steps.findIndex((item) => item.name === step);
  const first = wizardMove(machine, step, 'BACK', data) === null;
  return (
    <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
      <Stack gap="md">
        <PageHeader screen={screen} config={config} />
        <Card withBorder radius="md" padding="lg">
          <Stepper active={index} onStepClick={(target) => setStep(steps[target].name)} size="sm" aria-label={titleText(t, screen.title)}>
            {steps.map((item) => (
              <Stepper.Step key={item.name} label={titleText(t, item.title)} allowStepSelect={visited.includes(item.name) && item.name !== step} data-step={item.name} />
            ))}
          </Stepper>
          <Divider my="lg" />
          <div role="region" aria-label={titleText(t, current?.title)} data-active-step={step}>
            {current?.summary ? (
              <WizardSummary entity={entity} steps={steps} data={data} />
            ) : schema ? (
              <SchemaForm schema={schema} uiSchema={current?.ui ? config.ui[current.ui] : undefined} formData={pickFields(data, current?.fields ?? [])} onChange={(changed) => setData((all) => ({ ...all, ...changed }))} mode="create" serverErrors={serverErrors} formRef={formRef} idPrefix="wizard" />
            ) : null}
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
            <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => move('BACK')} disabled={first}>
              {t('engine.action.back')}
            </Button>
            {current?.summary ? (
              <Button leftSection={<IconDeviceFloppy size={16} />} loading={saving} onClick={() => void create()}>
                {t('engine.wizard.create')}
              </Button>
            ) : (
              <Button rightSection={<IconArrowRight size={16} />} onClick={next}>
                {t('engine.wizard.next')}
              </Button>
            )}
          </Group>
        </Card>
      </Stack>
      {leave.dialog}
    </DatesProvider>
  );
}
