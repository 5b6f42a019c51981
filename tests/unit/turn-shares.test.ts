import { describe, expect, it } from 'vitest';
import { turnShare } from '../../server/turnShares';

const busy = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

describe('requests start in shares of an event-loop turn (server/turnShares.ts)', () => {
  it('starts waiting requests in arrival order, and leaves the rest to the next turn once a share is spent', async () => {
    const order: string[] = [];
    // Ten requests of 8 ms of synchronous work each: 80 ms if they all ran in one turn.
    const requests = Array.from({ length: 10 }, (_, index) =>
      turnShare().then(() => {
        // A timer set by the first request runs at the start of the next turn: between two shares, not after all ten requests.
        if (index === 0) setTimeout(() => order.push('next turn'), 0);
        busy(8);
        order.push(`request ${index}`);
      }),
    );
    await Promise.all(requests);
    const turn = order.indexOf('next turn');
    expect(turn).toBeGreaterThan(0);
    expect(turn).toBeLessThan(order.length - 1);
    expect(order.filter((entry) => entry !== 'next turn')).toEqual(Array.from({ length: 10 }, (_, index) => `request ${index}`));
  });
});
