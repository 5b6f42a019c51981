import { describe, expect, it } from 'vitest';
import { pacer } from '../../server/imports/pacer';

/** The import's pauses (server/imports/pacer.ts): requests get the event loop between slices of its work. */
describe('pacer', () => {
  const busy = (ms: number) => {
    const until = performance.now() + ms;
    while (performance.now() < until) {
      /* work */
    }
  };

  it('lets a waiting callback run once a slice of work has passed, not before', async () => {
    const pause = pacer(50);
    let ran = false;
    setImmediate(() => (ran = true));
    await pause(); // no work yet: no pause
    expect(ran).toBe(false);
    busy(60);
    await pause();
    expect(ran).toBe(true);
  });

  it('starts a new slice after each pause', async () => {
    const pause = pacer(50);
    busy(60);
    await pause();
    let ran = false;
    setImmediate(() => (ran = true));
    await pause();
    expect(ran).toBe(false);
  });
});
