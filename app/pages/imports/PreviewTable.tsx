import { Table, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MappingColumn, PreviewRow } from './importApi';

const shown = (value: unknown) => (value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** The first rows as they will be stored, a cell with an error marked in red with its message. */
export function PreviewTable({ columns, rows }: { columns: MappingColumn[]; rows: PreviewRow[] }) {
  const { t } = useTranslation();
  const targets = columns.map((column) => column.target).filter((target): target is string => !!target);
  return (
    <Table.ScrollContainer minWidth={Math.max(640, targets.length * 130)}>
      <Table withTableBorder withColumnBorders verticalSpacing={4} fz="sm" data-testid="import-preview">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('imports.line')}</Table.Th>
            {targets.map((target) => (
              <Table.Th key={target}>
                {t(target)}
                <Text size="xs" c="dimmed" fw={400}>
                  {t(`imports.entity.${target.split('.')[0]}`)}
                </Text>
              </Table.Th>
            ))}
            <Table.Th>{t('imports.rowErrors')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const rowErrors = row.errors.filter((error) => !error.target || !targets.includes(error.target));
            return (
              <Table.Tr key={row.line} data-testid={`import-preview-row-${row.line}`}>
                <Table.Td>{row.line}</Table.Td>
                {targets.map((target) => {
                  const errors = row.errors.filter((error) => error.target === target);
                  const text = shown(row.values[target]);
                  return errors.length ? (
                    <Tooltip key={target} label={errors.map((error) => error.message).join('; ')} withArrow multiline maw={320}>
                      <Table.Td bg="red.0" c="red.9" data-error="true" aria-invalid="true" title={errors.map((error) => error.message).join('; ')}>
                        {text || '—'}
                      </Table.Td>
                    </Tooltip>
                  ) : (
                    <Table.Td key={target}>{text}</Table.Td>
                  );
                })}
                <Table.Td>
                  <Text size="xs" c="red.9">
                    {rowErrors.map((error) => `${error.target ? `${t(error.target)}: ` : ''}${error.message}`).join('; ')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
