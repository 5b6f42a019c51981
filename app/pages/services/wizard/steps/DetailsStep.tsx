import { Divider, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { departmentOfType, emptyLabLine, emptyPoLine, needsExFactoryDate, type ServiceDraft } from '../../../../../machines/serviceWizard';
import { CountedTextarea } from '../../../../../engine/ui/CountedTextarea';
import { LocalDateInput } from '../../../../../engine/form/widgets/LocalDateInput';
import { EnumSelect } from '../../../../../engine/form/widgets/EnumSelect';
import { propertiesOf } from '../../../../../engine/schema/fields';
import { useErrorsUnder, useFieldError, useMayChoose, useMayWrite, useWizardLimits } from '../fields';
import { editService, type StepProps } from '../stepPanel';
import { LinesEditor, type LinesEditorColumn } from '../../../../../engine/lines/LinesEditor';
import { useReadySession } from '../../../../auth/session';
import { CustomFieldsForm, hasCustomFields } from '../../customFields/CustomFieldsForm';
import { CUSTOM_PATH, customObjects, lineCustomPath, lineTarget } from '../../customFields/serviceCustomFields';
import { PurchaseOrderPicker } from './PurchaseOrderPicker';

/** The columns of the two line tables (their inputs and labels follow the line schemas). */
const PO_COLUMNS: LinesEditorColumn[] = [
  { path: 'poNumber', width: 130 },
  { path: 'designation' },
  { path: 'sku', width: 100 },
  { path: 'color', width: 100 },
  { path: 'size', width: 70 },
  { path: 'productType', width: 150 },
  { path: 'orderedQuantity/quantity', title: 'purchaseOrderLine.orderedQuantity', width: 120 },
  { path: 'orderedQuantity/unit', width: 100 },
  { path: 'orderedQuantity/packing', width: 120 },
];
const LAB_COLUMNS: LinesEditorColumn[] = [{ path: 'testName' }, { path: 'standard', width: 140 }, { path: 'sampleCount', width: 120 }, { path: 'poNumber', width: 130 }, { path: 'comment' }];

/**
 * Step 3: department then type, level, dates, place, method, season, sector, message; PO lines (typed, or chosen
 * from a purchase order of the client to the supplier); lab tests for LAB.
 * EDIT shows the dates without changing them (they move through a postpone on the sheet).
 */
export function DetailsStep({ draft, edit, errors, mode }: StepProps) {
  const { t } = useTranslation();
  const { config } = useReadySession();
  const { entities } = config;
  const custom = customObjects(config);
  const fields = propertiesOf(entities.service);
  const { roles } = draft;
  const datesReadOnly = mode === 'EDIT';
  const onService = editService(edit);
  const errorAt = useFieldError(errors);
  const errorsUnder = useErrorsUnder(errors);
  const limits = useWizardLimits();
  const { service } = draft;
  const mayChangeMethod = useMayWrite('service', 'assessmentMethod');
  const mayChooseDepartment = useMayChoose('service', 'thirdPartyDepartment');
  const select = (field: keyof ServiceDraft, locked = false) => (
    <EnumSelect
      schema={fields[field]}
      label={t(`service.${field}`)}
      clearable
      locked={locked}
      description={locked ? t('serviceWizard.details.lockedByProfile') : undefined}
      value={service[field] as string | undefined}
      onChange={(value) => onService({ [field]: value })}
      error={errorAt(`/service/${field}`)}
    />
  );
  const date = (field: 'startDate' | 'endDate' | 'exFactoryDate' | 'etdDate', required = false, readOnly = false) => (
    <LocalDateInput
      label={t(`service.${field}`)}
      value={service[field]}
      onChange={(value) => onService({ [field]: value })}
      required={required}
      clearable={!required}
      readOnly={readOnly}
      description={readOnly ? t('serviceWizard.details.datesReadOnly') : undefined}
      minDate={field === 'endDate' ? service.startDate : undefined}
      error={errorAt(`/service/${field}`)}
    />
  );

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
        <EnumSelect
          schema={fields.thirdPartyDepartment}
          label={t('service.thirdPartyDepartment')}
          required
          value={service.thirdPartyDepartment}
          mayChoose={mayChooseDepartment}
          // A type of another department no longer fits.
          onChange={(value) => onService({ thirdPartyDepartment: value, type: departmentOfType(service.type) === value ? service.type : undefined })}
          error={errorAt('/service/thirdPartyDepartment')}
        />
        <EnumSelect
          schema={fields.type}
          label={t('service.type')}
          required
          disabled={!service.thirdPartyDepartment}
          placeholder={service.thirdPartyDepartment ? undefined : t('serviceWizard.details.departmentFirst')}
          only={(type) => departmentOfType(type) === service.thirdPartyDepartment}
          value={service.type}
          onChange={(value) => onService({ type: value })}
          error={errorAt('/service/type')}
        />
        {select('serviceLevel')}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" verticalSpacing="sm">
        {date('startDate', true, datesReadOnly)}
        {date('endDate', false, datesReadOnly)}
        {date('exFactoryDate', needsExFactoryDate(roles, service))}
        {date('etdDate')}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" verticalSpacing="sm">
        {select('servicePartyType')}
        {select('assessmentMethod', !mayChangeMethod)}
        {select('season')}
        {select('sector')}
      </SimpleGrid>
      <CountedTextarea
        label={t('service.standardMessage')}
        minRows={2}
        maxRows={6}
        max={limits.standardMessage}
        value={service.standardMessage ?? ''}
        onChange={(event) => onService({ standardMessage: event.currentTarget.value || undefined })}
        error={errorAt('/service/standardMessage')}
      />
      <CustomFieldsForm
        object={custom.service}
        serviceType={service.type}
        values={service.customFieldService}
        onChange={(customFieldService) => onService({ customFieldService })}
        errors={errorsUnder(CUSTOM_PATH)}
      />
      <Divider />
      <PurchaseOrderPicker draft={draft} edit={edit} />
      <LinesEditor
        itemSchema={entities.purchaseOrderLine}
        errorPath="/purchaseOrderLines"
        title={t('service.purchaseOrderLines')}
        lines={draft.purchaseOrderLines}
        columns={PO_COLUMNS}
        newLine={emptyPoLine}
        onChange={(purchaseOrderLines) => edit((d) => ({ ...d, purchaseOrderLines }))}
        errorAt={errorAt}
        addLabel={t('serviceWizard.lines.addPo')}
        emptyText={t('serviceWizard.lines.noPo')}
        // Each line's ORDER custom fields (those of the service's type and the line's product type), under its cells.
        lineDetail={(line, index) =>
          hasCustomFields(custom.order, lineTarget(service.type, line), line.customFieldOrder) ? (
          <CustomFieldsForm
            object={custom.order}
            serviceType={service.type}
            productType={lineTarget(service.type, line).productType}
            values={line.customFieldOrder}
            onChange={(customFieldOrder) => edit((d) => ({ ...d, purchaseOrderLines: d.purchaseOrderLines.map((other, i) => (i === index ? { ...other, customFieldOrder } : other)) }))}
            errors={errorsUnder(lineCustomPath(index))}
            title="purchaseOrderLine.customFieldOrder"
            idPrefix={`customFieldOrder-${index}`}
            testId={`line-custom-fields-${index}`}
          />
          ) : null
        }
      />
      {service.thirdPartyDepartment === 'LAB' && (
        <LinesEditor
          itemSchema={entities.laboratoryLine}
          errorPath="/laboratoryLines"
          title={t('service.laboratoryLines')}
          lines={draft.laboratoryLines}
          columns={LAB_COLUMNS}
          newLine={emptyLabLine}
          onChange={(laboratoryLines) => edit((d) => ({ ...d, laboratoryLines }))}
          errorAt={errorAt}
          addLabel={t('serviceWizard.lines.addLab')}
          emptyText={t('serviceWizard.lines.noLab')}
        />
      )}
    </Stack>
  );
}
