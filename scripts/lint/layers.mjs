// The layers of DESIGN.md rule 3 as import zones: files under `target` may not import from `from`
// (but from `except`). eslint.config.mjs enforces them (import-x/no-restricted-paths);
// tests/unit/domain-layers.test.ts checks every zone on every import, JSON and type-only included.

/** The server's feature folders: the generic layer (server/resources) serves every entity through configuration and imports none of them. */
export const SERVER_FEATURES = ['activity', 'auth', 'billing', 'customFields', 'dashboard', 'notify', 'planning', 'reminders', 'reports', 'risk', 'routes', 'seed', 'services', 'tasks'];

export const LAYER_ZONES = [
  { target: './engine', from: ['./app', './server', './schemas'], message: 'engine/ is generic: it imports neither app/ nor server/, and reads the configuration through GET /back/schemas.' },
  { target: './app', from: ['./server', './schemas'], message: 'app/ runs in the browser: share the rule through domain/ or generated/, the configuration through GET /back/schemas.' },
  {
    target: './domain',
    from: './',
    except: ['./domain', './machines'],
    message: 'domain/ holds pure rules: it imports only machines/ and itself; tables of the configuration reach it as arguments.',
  },
  {
    target: './server/resources',
    from: SERVER_FEATURES.map((folder) => `./server/${folder}`),
    message: 'server/resources is the generic layer: a feature registers its rule with it instead of being imported.',
  },
];
