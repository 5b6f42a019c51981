import { describe, expect, it, vi } from 'vitest';
import { AfterAnswer } from '../../server/afterAnswer';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('AfterAnswer', () => {
  it('settles only once every work, also one started meanwhile, has ended', async () => {
    const later = new AfterAnswer();
    const ended: string[] = [];
    later.run('first', async () => {
      await tick(20);
      ended.push('first');
      later.run('second', async () => {
        await tick(20);
        ended.push('second');
      });
    });
    await later.settled();
    expect(ended).toEqual(['first', 'second']);
  });

  it('logs a failure, thrown at once or later, with its name and keeps going', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const later = new AfterAnswer();
      later.run('mails of S-1', () => Promise.reject(new Error('smtp down')));
      later.run('sweep', () => {
        throw new Error('no store');
      });
      await later.settled();
      expect(errors.mock.calls).toHaveLength(2);
      expect(errors.mock.calls).toEqual(expect.arrayContaining([
        ['[qcflow] mails of S-1 failed:', 'smtp down'],
        ['[qcflow] sweep failed:', 'no store'],
      ]));
    } finally {
      errors.mockRestore();
    }
  });

  it('settles at once when nothing runs', async () => {
    await expect(new AfterAnswer().settled()).resolves.toBeUndefined();
  });
});
