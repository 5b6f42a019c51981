import { Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WizardStepConfig } from '../config';
import { cellText } from '../format/values';
import { titleText } from '../i18n';
import { knownLabel } from '../lookup/cache';
import { fieldKind, propertiesOf } from '../schema/fields';
import type { JsonSchema } from '../schema/resolve';

type Row = Record<string, unknown>;

/** The summary step: every value typed, step by step, as it will be saved. */
export function WizardSummary({ entity, steps, data }: { entity: JsonSchema; steps: WizardStepConfig[]; data: Row }) {
  const { t, i18n } = useTranslation();
  const props = propertiesOf(entity);
  const ctx = { t, locale: i18n.language, lookupLabel: knownLabel };
  return (
    <Stack gap="md">
      {steps
        .filter((step) => step.fields?.length)
        .map((step) => (
          <div key={step.name}>
            <Text fw={600} mb={4}>
              {titleText(t, step.title)}
            </Text>
            <Table withRowBorders={false} verticalSpacing={4} data-testid={`summary-${step.name}`}>
              <Table.Tbody>
                {(step.fields ?? []).flatMap((field) => {
                  // An object field shows its own fields (an AQL's level and limits), one per row.
                  const nested = props[field]?.type === 'object' ? propertiesOf(props[field]) : {};
                  const rows = Object.keys(nested).length
                    ? Object.entries(nested).map(([name, schema]) => ({ key: `${field}.${name}`, name, schema, values: (data[field] ?? {}) as Row }))
                    : [{ key: field, name: field, schema: props[field] ?? {}, values: data }];
                  return rows.map((row) => (
                    <Table.Tr key={row.key}>
                      <Table.Td w="40%" c="dimmed">
                        {titleText(t, row.schema.title as string | undefined, row.name)}
                      </Table.Td>
                      <Table.Td fw={500}>{cellText({ field: row.name, schema: row.schema }, row.values, ctx, fieldKind(row.schema)) || '—'}</Table.Td>
                    </Table.Tr>
                  ));
                })}
              </Table.Tbody>
            </Table>
          </div>
        ))}
    </Stack>
  );
}
