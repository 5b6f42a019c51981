import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readableMermaid } from '../../engine/workflow/readableChart';

/** engine/workflow/readableChart.ts: the drawing for the people who use a machine. */
const words = { state: (state: string) => `State ${state.toLowerCase()}`, event: (event: string) => `Event ${event.toLowerCase()}` };

describe('readable chart', () => {
  it('one arrow per pair of states with its events in words; loops written in the state; guards, roles and refusals left out', () => {
    const technical = [
      'stateDiagram-v2',
      '    [*] --> OPEN',
      '    OPEN --> OPEN: ASK [sameDates] refused · MANAGER',
      '    OPEN --> DONE: FINISH [ready] · MANAGER | SUPER_ADMIN',
      '    OPEN --> DONE: CLOSE',
      '    OPEN --> OPEN: ASK [byOther]',
      '    DONE --> OPEN: REOPEN',
      '    DONE --> [*]',
    ].join('\n');
    expect(readableMermaid(technical, words)).toBe(
      [
        'stateDiagram-v2',
        '    state "State open" as OPEN',
        '    state "State done" as DONE',
        '    OPEN : Event ask',
        '    [*] --> OPEN',
        '    OPEN --> DONE: Event finish<br/>Event close',
        '    DONE --> OPEN: Event reopen',
        '    DONE --> [*]',
        '',
      ].join('\n'),
    );
  });

  it('words that would break Mermaid are made plain; a machine with nested states is drawn as it is', () => {
    const odd = { state: () => 'Say "hi"; #1: <b>', event: () => 'a;b' };
    expect(readableMermaid('stateDiagram-v2\n    A --> B: GO\n', odd)).toBe('stateDiagram-v2\n    state "Say hi 1 b" as A\n    state "Say hi 1 b" as B\n    A --> B: a b\n');
    expect(readableMermaid(readFileSync('generated/machines/uploadQueue.mmd', 'utf8'), words)).toBeUndefined();
  });

  it('every record workflow of the product has a readable drawing', () => {
    for (const machine of ['capa', 'fee', 'invoice', 'service']) {
      const text = readableMermaid(readFileSync(`generated/machines/${machine}.mmd`, 'utf8'), words);
      expect(text, machine).toContain('state "State ');
      expect(text, machine).not.toMatch(/\[\w|refused| · /);
    }
  });
});
