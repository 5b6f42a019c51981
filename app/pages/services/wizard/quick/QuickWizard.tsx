import { Button, Card, Divider, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TypedNumberInput } from '../../../../../engine/form/widgets/TypedNumberInput';
import { enumText } from '../../../../../engine/i18n';
import { lockedSlots, needsExFactoryDate, quickSide, type WizardError } from '../../../../../machines/serviceWizard';
import { serviceApi } from '../../shared/serviceApi';
import { Confirmation, type SavedService } from '../Confirmation';
import { LocalDateInput } from '../../../../../engine/form/widgets/LocalDateInput';
import { EnumSelect, useCompanyContacts, useDropStaleContacts, useEnumValues, useFieldError, useMayChoose } from '../fields';
import { fieldErrorsOf } from '../serverErrors';
import { PartyFields } from '../steps/PartyFields';
import { usePageLeaveGuard } from '../../../../../engine/sheet/usePageLeaveGuard';
import type { WizardUser } from '../wizardCaller';
import { emptyQuick, flatPath, QUICK_SLOTS, quickBody, quickErrors, type QuickDraft } from './quickService';

const QUICK_REQUIRED = ['client', 'serviceProvider'] as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm" tt="uppercase" c="dimmed" style={{ letterSpacing: 0.4 }}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/** The light wizard: one compact form for a service with one PO line (`POST /back/bo/quickService`). */
export function QuickWizard({ user }: { user: WizardUser }) {
  const { t } = useTranslation();
  const start = useMemo(() => emptyQuick(user), [user]);
  const [baseline, setBaseline] = useState(start);
  const [quick, setQuick] = useState<QuickDraft>(start);
  const [errors, setErrors] = useState<WizardError[]>([]);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<SavedService | null>(null);
  const leave = usePageLeaveGuard(quick, baseline);
  const errorAt = useFieldError(errors);
  const side = quickSide(user.companyRoles);
  const locked = user.superAdmin ? [] : lockedSlots([side], user.companyRoles);
  const site = useCompanyContacts([quick.supplier, quick.factory]);
  useDropStaleContacts(site, quick.orderTakerContacts, (orderTakerContacts) => setQuick((current) => ({ ...current, orderTakerContacts })));
  const departments = useEnumValues('department');
  const types = useEnumValues('serviceType');
  const mayChooseDepartment = useMayChoose('service', 'thirdPartyDepartment');
  const typeData = departments.map((department) => ({
    group: enumText(t, 'department', department),
    items: types
      .filter((type) => type.startsWith(`${department}_`))
      .map((type) => ({ value: type, label: enumText(t, 'serviceType', type), disabled: !mayChooseDepartment(department) })),
  }));

  const change = (patch: Partial<QuickDraft>) => {
    const next = { ...quick, ...patch };
    setQuick(next);
    // A rule error goes once its field is right; server messages stay until the next save.
    const failing = new Set(quickErrors(next, user).map((error) => error.path));
    setErrors((current) => current.filter((error) => error.message || failing.has(error.path)));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const refused = quickErrors(quick, user);
    setErrors(refused);
    if (refused.length) return;
    setSaving(true);
    try {
      setSaved(await serviceApi.createQuick(quickBody(quick)));
      setBaseline(quick);
    } catch (error) {
      setErrors(fieldErrorsOf(error).map((item) => ({ ...item, path: flatPath(item.path) })));
    } finally {
      setSaving(false);
    }
  }

  function another() {
    setSaved(null);
    setQuick(start);
    setBaseline(start);
    setErrors([]);
  }

  if (saved) {
    return (
      <Card withBorder radius="md" padding="lg" shadow="xs">
        <Confirmation saved={saved} onAnother={another} />
      </Card>
    );
  }

  const date = (field: 'startDate' | 'endDate' | 'exFactoryDate', required: boolean) => (
    <LocalDateInput
      label={t(`service.${field}`)}
      value={quick[field]}
      required={required}
      clearable={!required}
      minDate={field === 'endDate' ? quick.startDate : undefined}
      onChange={(value) => change({ [field]: value })}
      error={errorAt(`/${field}`)}
    />
  );

  return (
    <Card withBorder radius="md" padding="lg" shadow="xs" component="form" onSubmit={submit} noValidate aria-label={t('serviceWizard.quick.title')}>
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          {t('serviceWizard.quick.intro')}
        </Text>
        <Section title={t('serviceWizard.quick.service')}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" verticalSpacing="sm">
            <Select
              label={t('service.type')}
              required
              searchable
              data={typeData}
              value={quick.type ?? null}
              onChange={(type) => change({ type: type ?? undefined })}
              error={errorAt('/type')}
              comboboxProps={{ withinPortal: true }}
            />
            {date('startDate', true)}
            {date('endDate', false)}
            {date('exFactoryDate', needsExFactoryDate([side], quick))}
          </SimpleGrid>
        </Section>
        <Section title={t('serviceWizard.step.COMPANIES')}>
          <PartyFields
            slots={QUICK_SLOTS}
            values={quick}
            locked={locked}
            required={QUICK_REQUIRED}
            site={site}
            contactsLabel={t('service.orderTakerContacts')}
            errorOf={(field) => errorAt(`/${field}`)}
            onChange={change}
          />
        </Section>
        <Section title={t('purchaseOrderLine.entity')}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" verticalSpacing="sm">
            <TextInput label={t('purchaseOrderLine.poNumber')} required value={quick.poNumber ?? ''} onChange={(event) => change({ poNumber: event.currentTarget.value })} error={errorAt('/poNumber')} />
            <TextInput label={t('purchaseOrderLine.designation')} required value={quick.designation ?? ''} onChange={(event) => change({ designation: event.currentTarget.value })} error={errorAt('/designation')} />
            <TypedNumberInput
              label={t('purchaseOrderLine.orderedQuantity')}
              required
              schema={{ type: 'number' }}
              value={quick.quantity}
              onChange={(quantity) => change({ quantity })}
              error={errorAt('/quantity')}
            />
            <EnumSelect enumName="unit" label={t('quantity.unit')} value={quick.unit} onChange={(unit) => change({ unit })} error={errorAt('/unit')} />
          </SimpleGrid>
        </Section>
        <Divider />
        <Group justify="flex-end">
          <Button type="submit" loading={saving} leftSection={<IconBolt size={16} />}>
            {t('serviceWizard.create')}
          </Button>
        </Group>
      </Stack>
      {leave.dialog}
    </Card>
  );
}
