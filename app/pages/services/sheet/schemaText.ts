import { useTranslation } from 'react-i18next';
import { useReadySession } from '../../../auth/session';
import { enumText, humanize, titleText } from '../../../../engine/i18n';
import { colorsOf, valueColor } from '../../../../engine/format/colors';
import { enumOf, lookupOf, propertiesOf } from '../../../../engine/schema/fields';
import { formatDate, formatDateTime, formatNumber } from '../../../../engine/format/values';

/**
 * Labels of an entity's fields and values as the schemas name them (schemas/locales), and the
 * values' colours (`x-colors`), so the sheet never spells a field label, an enum text or a colour itself.
 */
export function useSchemaText(entity: string) {
  const { t, i18n } = useTranslation();
  const { config } = useReadySession();
  const props = propertiesOf(config.entities[entity]);
  return {
    label: (field: string) => titleText(t, props[field]?.title as string | undefined, humanize(field)),
    value: (field: string, value: unknown) => enumText(t, enumOf(props[field])?.name, value),
    /** A value's badge colour, as its enum's `x-colors` says. */
    color: (field: string, value: unknown) => valueColor(value, colorsOf(props[field])),
    lookupUrl: (field: string) => lookupOf(props[field])?.url,
    /** The field's `maxLength` (undefined: no limit). */
    maxLength: (field: string) => (typeof props[field]?.maxLength === 'number' ? (props[field].maxLength as number) : undefined),
    date: (value: unknown) => formatDate(value, i18n.language),
    dateTime: (value: unknown) => formatDateTime(value, i18n.language),
    number: (value: unknown) => formatNumber(value, i18n.language),
  };
}

export type SchemaText = ReturnType<typeof useSchemaText>;
