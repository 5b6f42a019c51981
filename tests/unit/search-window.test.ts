import { describe, expect, it } from 'vitest';
import { characterCount, overLimit } from '../../engine/ui/CountedTextarea';
import { outsideWindowOf } from '../../engine/search/useSearch';
import { outsideWindowValue, splitWindow } from '../../server/resources/search';

describe('X-Outside-Window', () => {
  it('splits the date window from the other criteria, or says there is none', () => {
    expect(splitWindow({ fromDate: '2026-11-01', toDate: '2026-11-30', keywords: 'lot', types: ['A'] })).toEqual({
      window: { fromDate: '2026-11-01', toDate: '2026-11-30' },
      rest: { keywords: 'lot', types: ['A'] },
    });
    expect(splitWindow({ toDate: '2026-11-30' })).toEqual({ window: { toDate: '2026-11-30' }, rest: {} });
    expect(splitWindow({ keywords: 'lot' })).toBeUndefined();
  });

  it('writes a count, or the cap and a plus past it; the browser reads both', () => {
    expect(outsideWindowValue(26, 500)).toBe('26');
    expect(outsideWindowValue(500, 500)).toBe('500');
    expect(outsideWindowValue(501, 500)).toBe('500+');
    expect(outsideWindowOf('26')).toEqual({ count: 26, more: false });
    expect(outsideWindowOf('500+')).toEqual({ count: 500, more: true });
    expect(outsideWindowOf(null)).toBeNull();
    expect(outsideWindowOf('many')).toBeNull();
  });
});

describe('text limits', () => {
  it('counts characters as JSON Schema maxLength does (code points)', () => {
    expect(characterCount('a😀b')).toBe(3);
    expect(characterCount(undefined)).toBe(0);
    expect(overLimit('abcd', 3)).toBe(true);
    expect(overLimit('😀😀😀', 3)).toBe(false);
    expect(overLimit('anything', undefined)).toBe(false);
  });
});
