import { ActionIcon, Table } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { SEVERITIES } from '../../../domain/report';

/** The severities as Select choices, in the caller's language. */
export const severityChoices = (t: TFunction) => SEVERITIES.map((severity) => ({ value: severity, label: t(`enum.severity.${severity}`) }));

/** The last cell of a row of the report's own tables: removes the row. */
export function RemoveCell({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <Table.Td>
      <ActionIcon variant="subtle" color="red" aria-label={label} onClick={onRemove}>
        <IconTrash size={16} />
      </ActionIcon>
    </Table.Td>
  );
}
