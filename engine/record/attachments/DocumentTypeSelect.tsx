import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { enumText } from '../../i18n';

export interface DocumentTypeSelectProps {
  /** The values of the `documentType` enum. */
  values: string[];
  value: string | null;
  onChange: (value: string | null) => void;
  required?: boolean;
}

/** The document type of a file (enum `documentType`, labels `enum.documentType.*`). */
export function DocumentTypeSelect({ values, value, onChange, required }: DocumentTypeSelectProps) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('engine.attachments.documentType')}
      placeholder={t('engine.attachments.documentTypePick')}
      data={values.map((item) => ({ value: item, label: enumText(t, 'documentType', item) }))}
      value={value}
      onChange={onChange}
      required={required}
      withAsterisk={required}
      clearable={!required}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
