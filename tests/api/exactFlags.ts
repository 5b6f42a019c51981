import type * as Roles from '../../server/auth/roles';

/**
 * server/auth/roles as it is, except that a profile named `FLAGS:A,B` stands for exactly the flags
 * A and B: a test gives an account the flag set it needs. Use it in a vi.mock factory:
 * `vi.mock('../../server/auth/roles', async (original) => (await import('./exactFlags')).withExactFlags(await original()))`.
 */
export function withExactFlags(real: typeof Roles): typeof Roles {
  return {
    ...real,
    permissionFlags: (profiles: readonly string[] | undefined) => {
      const exact = profiles?.find((profile) => profile.startsWith('FLAGS:'));
      return exact ? ['SPA_USER', ...exact.slice('FLAGS:'.length).split(',').filter(Boolean)] : real.permissionFlags(profiles);
    },
  };
}
