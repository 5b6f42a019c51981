import { ActionIcon, Button, Group, Select, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TypedNumberInput } from '../../../../../engine/form/widgets/TypedNumberInput';
import { enumText } from '../../../../../engine/i18n';
import { useEnumValues } from '../fields';

/**
 * A table of editable lines (purchase order lines, laboratory tests): each column says how to show
 * and change its cell; rows are added and removed; a row's errors show under its cells.
 */
export type CellKind = { kind: 'text' } | { kind: 'number'; min: number; integer?: boolean } | { kind: 'enum'; enumName: string; clearable?: boolean };

export interface LineColumn<L> {
  /** The field path inside a line (`orderedQuantity/quantity`), also the end of its error path. */
  path: string;
  label: string;
  cell: CellKind;
  required?: boolean;
  width?: number;
  get: (line: L) => unknown;
  set: (line: L, value: unknown) => L;
}

interface LinesEditorProps<L> {
  /** `/purchaseOrderLines`: prefix of the error paths. */
  errorPath: string;
  title: string;
  lines: L[];
  columns: LineColumn<L>[];
  newLine: () => L;
  onChange: (lines: L[]) => void;
  errorAt: (path: string) => string | undefined;
  addLabel: string;
  emptyText: string;
  readOnly?: boolean;
}

function EnumCell({ enumName, value, onChange, label, error, clearable }: { enumName: string; value: unknown; onChange: (v: string | undefined) => void; label: string; error?: string; clearable?: boolean }) {
  const { t } = useTranslation();
  const data = useEnumValues(enumName).map((item) => ({ value: item, label: enumText(t, enumName, item) }));
  return (
    <Select
      size="xs"
      aria-label={label}
      data={data}
      value={typeof value === 'string' ? value : null}
      onChange={(next) => onChange(next ?? undefined)}
      clearable={clearable}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export function LinesEditor<L>({ errorPath, title, lines, columns, newLine, onChange, errorAt, addLabel, emptyText, readOnly }: LinesEditorProps<L>) {
  const { t } = useTranslation();
  const listError = errorAt(errorPath);
  const update = (index: number, column: LineColumn<L>, value: unknown) => onChange(lines.map((line, i) => (i === index ? column.set(line, value) : line)));

  const cell = (line: L, index: number, column: LineColumn<L>): ReactNode => {
    const value = column.get(line);
    const error = errorAt(`${errorPath}/${index}/${column.path}`);
    const label = `${column.label} ${index + 1}`;
    switch (column.cell.kind) {
      case 'number':
        return (
          // Read in the screen's locale like every number field; a value under the minimum or a text that is no
          // number stays as typed, marked, and the step's rules refuse it (never clamped, cut or stripped of its sign).
          <TypedNumberInput
            size="xs"
            aria-label={label}
            schema={{ type: column.cell.integer ? 'integer' : 'number' }}
            value={value}
            onChange={(next) => update(index, column, next)}
            error={error}
            readOnly={readOnly}
          />
        );
      case 'enum':
        return <EnumCell enumName={column.cell.enumName} value={value} onChange={(next) => update(index, column, next)} label={label} error={error} clearable={column.cell.clearable} />;
      default:
        return (
          <TextInput size="xs" aria-label={label} value={typeof value === 'string' ? value : ''} onChange={(event) => update(index, column, event.currentTarget.value)} error={error} readOnly={readOnly} />
        );
    }
  };

  return (
    <div>
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{title}</Text>
        {!readOnly && (
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => onChange([...lines, newLine()])}>
            {addLabel}
          </Button>
        )}
      </Group>
      {lines.length === 0 ? (
        <Text size="sm" c={listError ? 'red' : 'dimmed'} role={listError ? 'alert' : undefined} py="sm">
          {listError ?? emptyText}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing={6} horizontalSpacing={6} aria-label={title} style={{ verticalAlign: 'top' }}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.path} style={{ width: column.width, fontWeight: 600, fontSize: 'var(--mantine-font-size-xs)' }}>
                    {column.label}
                    {column.required && (
                      <Text span c="red" inherit>
                        {' *'}
                      </Text>
                    )}
                  </Table.Th>
                ))}
                <Table.Th style={{ width: 40 }} aria-label={t('serviceWizard.lines.actions')} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((line, index) => (
                <Table.Tr key={index} data-line={index}>
                  {columns.map((column) => (
                    <Table.Td key={column.path} style={{ verticalAlign: 'top' }}>
                      {cell(line, index, column)}
                    </Table.Td>
                  ))}
                  <Table.Td style={{ verticalAlign: 'top' }}>
                    {!readOnly && (
                      <Tooltip label={t('serviceWizard.lines.remove')}>
                        <ActionIcon variant="subtle" color="red" aria-label={`${t('serviceWizard.lines.remove')} ${index + 1}`} onClick={() => onChange(lines.filter((_, i) => i !== index))}>
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </div>
  );
}
