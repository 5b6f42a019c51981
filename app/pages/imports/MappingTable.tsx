import { Badge, Button, Select, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Mapping, MappingColumn } from './importApi';

/**
 * The document's columns (spec §5.5): header, sample values, the target field, ready or waiting,
 * and Confirm for a target changed by hand (the same target sent again, docs/imports.md).
 */
export function MappingTable({ mapping, busy, onMap }: { mapping: Mapping; busy: boolean; onMap: (column: MappingColumn, target: string | null) => void }) {
  const { t } = useTranslation();
  const options = [
    { value: '', label: t('imports.notImported') },
    ...mapping.targets.map(({ target, required }) => ({ value: target, label: `${t(target)}${required ? ' *' : ''} (${t(`imports.entity.${target.split('.')[0]}`)})` })),
  ];
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing="xs" data-testid="import-mapping">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('imports.column')}</Table.Th>
            <Table.Th>{t('imports.samples')}</Table.Th>
            <Table.Th w={360}>{t('imports.target')}</Table.Th>
            <Table.Th w={180}>{t('imports.state')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {mapping.columns.map((column) => (
            <Table.Tr key={column.column} data-testid={`import-column-${column.column}`}>
              <Table.Td fw={600}>{column.source}</Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {column.samples.filter(Boolean).join(' · ')}
                </Text>
              </Table.Td>
              <Table.Td>
                <Select
                  aria-label={t('imports.targetOf', { column: column.source })}
                  data={options}
                  value={column.target ?? ''}
                  onChange={(value) => onMap(column, value ? value : null)}
                  allowDeselect={false}
                  searchable
                  disabled={busy}
                  comboboxProps={{ withinPortal: true }}
                />
              </Table.Td>
              <Table.Td>
                {column.ready ? (
                  <Badge color="teal" variant="light">
                    {t('imports.ready')}
                  </Badge>
                ) : (
                  <Button size="compact-sm" variant="light" color="orange" disabled={busy} onClick={() => onMap(column, column.target)} data-testid={`import-confirm-${column.column}`}>
                    {t('imports.confirm')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
