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
                {(step.fields ?? []).map((field) => (
                  <Table.Tr key={field}>
                    <Table.Td w="40%" c="dimmed">
                      {titleText(t, props[field]?.title as string | undefined, field)}
                    </Table.Td>
                    <Table.Td fw={500}>{cellText({ field, schema: props[field] ?? {} }, data, ctx, fieldKind(props[field])) || '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        ))}
    </Stack>
  );
}
