import { ActionIcon, Button, Group, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EnumSelect } from '../form/widgets/EnumSelect';
import { TypedNumberInput } from '../form/widgets/TypedNumberInput';
import { titleText } from '../i18n';
import { enumOf, fieldKind, lookupOf, propertiesOf } from '../schema/fields';
import { LookupCell } from './LookupCell';
import type { JsonSchema } from '../schema/resolve';

type Row = Record<string, unknown>;

/** A column: a field path of the line (`price/amount`), its label (default: the field's title) and width. */
export interface LinesEditorColumn {
  path: string;
  title?: string;
  width?: number;
}

interface LinesEditorProps<L extends object> {
  /** The schema of one line: each column's input, label and required mark follow its field. */
  itemSchema: JsonSchema;
  columns: LinesEditorColumn[];
  /** `/parts`: prefix of the error paths (`/parts/0/name`). */
  errorPath: string;
  title: string;
  lines: L[];
  newLine: () => L;
  onChange: (lines: L[]) => void;
  errorAt: (path: string) => string | undefined;
  addLabel: string;
  emptyText: string;
  /** More of a line under its cells, across the table (a form of the fields no column holds); nothing when it answers null. */
  lineDetail?: (line: L, index: number) => ReactNode;
}

/** The field at a path of the line schema, and whether every step of the path is required. */
function fieldAt(schema: JsonSchema, path: string): { schema: JsonSchema; required: boolean } {
  return path
    .split('/')
    .reduce<{ schema: JsonSchema; required: boolean }>(
      (at, name) => ({ schema: propertiesOf(at.schema)[name] ?? {}, required: at.required && ((at.schema.required as string[] | undefined) ?? []).includes(name) }),
      { schema, required: true },
    );
}

const valueAt = (line: Row, path: string): unknown => path.split('/').reduce<unknown>((at, name) => (at && typeof at === 'object' ? (at as Row)[name] : undefined), line);

function withValue<L extends object>(line: L, [name, ...rest]: string[], value: unknown): L {
  const next = rest.length ? withValue(((line as Row)[name] as Row | undefined) ?? {}, rest, value) : value;
  return { ...line, [name]: next };
}

/**
 * An editable table of lines in plain inputs (docs/schemas.md "Lines typed in place"): a text, a number read in the
 * screen's locale, an enum select or a lookup select per column, as the line schema says; rows are added and
 * removed; a row's errors show under its cells, the list's own error in place of an empty list; `lineDetail`
 * adds a row of more under a line.
 */
export function LinesEditor<L extends object>({ itemSchema, columns, errorPath, title, lines, newLine, onChange, errorAt, addLabel, emptyText, lineDetail }: LinesEditorProps<L>) {
  const { t } = useTranslation();
  const listError = errorAt(errorPath);
  const fields = columns.map((column) => ({ ...column, ...fieldAt(itemSchema, column.path) }));
  const update = (index: number, path: string, value: unknown) => onChange(lines.map((line, i) => (i === index ? withValue(line, path.split('/'), value) : line)));

  const cell = (line: L, index: number, field: (typeof fields)[number]): ReactNode => {
    const value = valueAt(line as Row, field.path);
    const error = errorAt(`${errorPath}/${index}/${field.path}`);
    const label = `${titleText(t, field.title ?? (field.schema.title as string | undefined), field.path)} ${index + 1}`;
    const kind = fieldKind(field.schema);
    const lookup = lookupOf(field.schema);
    if (lookup && kind === 'lookup') {
      return <LookupCell config={lookup} label={label} value={value} onChange={(next) => update(index, field.path, next)} clearable={!field.required} error={error} />;
    }
    if (enumOf(field.schema)) {
      const chosen = typeof value === 'string' ? value : undefined;
      return <EnumSelect size="xs" aria-label={label} schema={field.schema} value={chosen} onChange={(next) => update(index, field.path, next)} clearable={!field.required} error={error} />;
    }
    if (kind === 'number' || kind === 'integer') {
      // Read in the screen's locale like every number field; a value under the minimum or a text that is no
      // number stays as typed, marked, and the step's rules refuse it (never clamped, cut or stripped of its sign).
      return <TypedNumberInput size="xs" aria-label={label} schema={{ type: kind }} value={value} onChange={(next) => update(index, field.path, next)} error={error} />;
    }
    const text = typeof value === 'string' ? value : '';
    return <TextInput size="xs" aria-label={label} value={text} onChange={(event) => update(index, field.path, event.currentTarget.value || undefined)} error={error} />;
  };

  return (
    <div>
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{title}</Text>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => onChange([...lines, newLine()])}>
          {addLabel}
        </Button>
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
                {fields.map((field) => (
                  <Table.Th key={field.path} style={{ width: field.width, fontWeight: 600, fontSize: 'var(--mantine-font-size-xs)' }}>
                    {titleText(t, field.title ?? (field.schema.title as string | undefined), field.path)}
                    {field.required && (
                      <Text span c="red" inherit>
                        {' *'}
                      </Text>
                    )}
                  </Table.Th>
                ))}
                <Table.Th style={{ width: 40 }} aria-label={t('engine.lines.actions')} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((line, index) => {
                const detail = lineDetail?.(line, index);
                return (
                <Fragment key={index}>
                <Table.Tr data-line={index}>
                  {fields.map((field) => (
                    <Table.Td key={field.path} style={{ verticalAlign: 'top' }}>
                      {cell(line, index, field)}
                    </Table.Td>
                  ))}
                  <Table.Td style={{ verticalAlign: 'top' }}>
                    <Tooltip label={t('engine.lines.removeOne')}>
                      <ActionIcon variant="subtle" color="red" aria-label={`${t('engine.lines.removeOne')} ${index + 1}`} onClick={() => onChange(lines.filter((_, i) => i !== index))}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
                {detail != null && (
                  <Table.Tr data-line-detail={index}>
                    <Table.Td colSpan={fields.length + 1} style={{ borderTop: 0, paddingTop: 0 }}>
                      {detail}
                    </Table.Td>
                  </Table.Tr>
                )}
                </Fragment>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </div>
  );
}
