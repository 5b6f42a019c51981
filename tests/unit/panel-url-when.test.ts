import { describe, expect, it } from 'vitest';
import { callFor } from '../../engine/charts/panelTarget';

const panel = {
  url: '/back/x/compare',
  urlWhen: [
    { filled: ['season1', 'season2'], url: '/back/x/compareSeason' },
    { filled: ['season1'], url: '/back/x/one' },
  ],
};

describe('a panel call chosen by the filters (urlWhen)', () => {
  it('is url while the filters named are not all filled', () => {
    expect(callFor(panel, undefined)).toBe('/back/x/compare');
    expect(callFor(panel, {})).toBe('/back/x/compare');
    expect(callFor(panel, { season2: 4 })).toBe('/back/x/compare');
    expect(callFor(panel, { season1: '', season2: 4 })).toBe('/back/x/compare');
    expect(callFor(panel, { season1: [], season2: null })).toBe('/back/x/compare');
  });
  it('is the first urlWhen whose filters are all filled', () => {
    expect(callFor(panel, { season1: 3, season2: 4 })).toBe('/back/x/compareSeason');
    expect(callFor(panel, { season1: 3 })).toBe('/back/x/one');
    expect(callFor(panel, { season1: 0, season2: [7] })).toBe('/back/x/compareSeason');
  });
  it('is url alone without urlWhen, and nothing without either', () => {
    expect(callFor({ url: '/back/x/compare' }, { season1: 3, season2: 4 })).toBe('/back/x/compare');
    expect(callFor({}, { season1: 3 })).toBeUndefined();
  });
});
