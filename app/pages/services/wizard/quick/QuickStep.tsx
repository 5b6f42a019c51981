import { Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EnumSelect } from '../../../../../engine/form/widgets/EnumSelect';
import { LocalDateInput } from '../../../../../engine/form/widgets/LocalDateInput';
import { TypedNumberInput } from '../../../../../engine/form/widgets/TypedNumberInput';
import { enumText } from '../../../../../engine/i18n';
import { propertiesOf } from '../../../../../engine/schema/fields';
import { lockedSlots, needsExFactoryDate, quickSide } from '../../../../../machines/serviceWizard';
import { useCompanyContacts, useDropStaleContacts, useEnumValues, useErrorsUnder, useFieldError, useMayChoose } from '../fields';
import { CustomFieldsForm } from '../../customFields/CustomFieldsForm';
import { customObjects } from '../../customFields/serviceCustomFields';
import { useReadySession } from '../../../../auth/session';
import type { StepProps } from '../stepPanel';
import { PartyFields } from '../steps/PartyFields';
import { QUICK_SLOTS, type QuickDraft } from './quickService';

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

/** The light wizard's one step: a compact form for a service with one PO line (`POST /back/bo/quickService`). */
export function QuickStep({ draft: quick, edit, errors, user }: StepProps<QuickDraft>) {
  const { t } = useTranslation();
  const { config } = useReadySession();
  const errorAt = useFieldError(errors);
  const errorsUnder = useErrorsUnder(errors);
  const side = quickSide(user.companyRoles);
  const locked = user.superAdmin ? [] : lockedSlots([side], user.companyRoles);
  const site = useCompanyContacts([quick.supplier, quick.factory]);
  const change = (patch: Partial<QuickDraft>) => edit((current) => ({ ...current, ...patch }));
  useDropStaleContacts(site, quick.orderTakerContacts, (orderTakerContacts) => change({ orderTakerContacts }));
  const departments = useEnumValues('department');
  const types = useEnumValues('serviceType');
  const mayChooseDepartment = useMayChoose('service', 'thirdPartyDepartment');
  const typeData = departments.map((department) => ({
    group: enumText(t, 'department', department),
    items: types.filter((type) => type.startsWith(`${department}_`)).map((type) => ({ value: type, label: enumText(t, 'serviceType', type), disabled: !mayChooseDepartment(department) })),
  }));

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
          <TextInput
            label={t('purchaseOrderLine.designation')}
            required
            value={quick.designation ?? ''}
            onChange={(event) => change({ designation: event.currentTarget.value })}
            error={errorAt('/designation')}
          />
          <TypedNumberInput
            label={t('purchaseOrderLine.orderedQuantity')}
            required
            schema={{ type: 'number' }}
            value={quick.quantity}
            onChange={(quantity) => change({ quantity })}
            error={errorAt('/quantity')}
          />
          <EnumSelect schema={propertiesOf(config.entities.purchaseOrderLine).unit} label={t('quantity.unit')} value={quick.unit} onChange={(unit) => change({ unit })} error={errorAt('/unit')} />
        </SimpleGrid>
        {/* The line's ORDER custom fields of the chosen type, as under a line of the full wizard (no product type here). */}
        <CustomFieldsForm
          object={customObjects(config).order}
          serviceType={quick.type}
          values={quick.customFieldOrder}
          onChange={(customFieldOrder) => change({ customFieldOrder })}
          errors={errorsUnder('/customFieldOrder')}
          title="purchaseOrderLine.customFieldOrder"
          idPrefix="customFieldOrder"
          testId="line-custom-fields"
        />
      </Section>
    </Stack>
  );
}
