import { describe, expect, it } from 'vitest';
import { withHint } from '../../engine/form/widgets/hintOption';

const options = [
  { value: '1', label: 'Alpha' },
  { value: '2', label: 'Beta' },
];

describe('a select’s hint option', () => {
  it('filters as Mantine does while something matches', () => {
    expect(withHint('No result')({ options, search: 'alp', limit: 10 })).toEqual([options[0]]);
  });

  it('offers the hint as one disabled option when nothing is left, so the listbox never holds loose text', () => {
    const [hint, ...rest] = withHint('No result')({ options, search: 'zeta', limit: 10 }) as { value: string; label: string; disabled?: boolean }[];
    expect(rest).toEqual([]);
    expect(hint).toMatchObject({ label: 'No result', disabled: true });
    expect(options.map((option) => option.value)).not.toContain(hint.value);
  });

  it('wraps a filter of its own (a list the server already searched)', () => {
    const serverSearched = withHint('Type 3 letters', (input) => (input.search.length >= 3 ? input.options : []));
    expect(serverSearched({ options, search: 'zz', limit: 10 })).toMatchObject([{ label: 'Type 3 letters', disabled: true }]);
    expect(serverSearched({ options, search: 'zzz', limit: 10 })).toEqual(options);
  });
});
