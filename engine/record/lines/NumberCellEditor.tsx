import type { CustomCellEditorProps } from 'ag-grid-react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { fieldNumberText, leaveNumberField } from '../../format/numbers';
import type { NumberFieldSchema } from '../../form/widgets/TypedNumberInput';

export interface NumberCellEditorParams {
  schema: NumberFieldSchema;
  locale: string;
}

/** The text a cell's value starts from: a number in the locale, a kept text as it was typed. */
function startText(value: unknown, locale: string, schema: NumberFieldSchema): string {
  if (typeof value === 'number') return fieldNumberText(value, locale, schema);
  return typeof value === 'string' ? value : '';
}

/**
 * The lines grid's number cell, read like every number field (engine/format/numbers.ts): `12,50`
 * in French is 12.5, rounded to the column's decimals. A text it cannot read with certainty, or a
 * fraction in a whole-number column, is kept as typed: the line holds the text, the cell is marked
 * and Save waits (LinesPanel). Unlike AG Grid's number editor, nothing typed is dropped or cut.
 */
export function NumberCellEditor({ value, onValueChange, eventKey, colDef, schema, locale }: CustomCellEditorProps & NumberCellEditorParams) {
  // Editing started by a typed character replaces the value with it, as in a spreadsheet.
  const [text, setText] = useState(() => (eventKey && eventKey.length === 1 ? eventKey : startText(value, locale, schema)));
  const input = useRef<HTMLInputElement>(null);
  // Once, as the editor opens: the key that opened it is not read again.
  const open = useEffectEvent(() => {
    input.current?.focus();
    if (eventKey && eventKey.length === 1) change(eventKey);
    else input.current?.select();
  });
  useEffect(() => open(), []);

  function change(typed: string) {
    setText(typed);
    const entry = leaveNumberField(typed, locale, schema);
    onValueChange(entry === null ? null : 'value' in entry ? entry.value : typed);
  }
  return (
    <input
      ref={input}
      // Named by its column, as a screen reader announces the cell it edits.
      aria-label={colDef.headerName}
      className="ag-input-field-input ag-text-field-input"
      style={{ width: '100%', height: '100%', textAlign: 'right' }}
      inputMode={schema.type === 'integer' ? 'numeric' : 'decimal'}
      value={text}
      onChange={(event) => change(event.currentTarget.value)}
    />
  );
}
