import { join } from 'node:path';
import { LowdbStore } from '../../server/store/lowdb';
import { asyncStore } from '../../server/store/lowdbAsync';
import { storeContract } from '../support/storeContract';
import { tempDir } from './helpers';

/** The embedded store behind the asynchronous interface keeps the same contract as PostgreSQL. */
storeContract('lowdb store', async () => asyncStore(await LowdbStore.open(join(await tempDir(), 'db.json'))));
