import type pg from 'pg';
import { collectionNames, type CollectionNames } from './collections';
import { createCollection } from './migrations';

/** The table of each collection, created (with every migration's collection step) on first use. */
export class Tables {
  private readonly known = new Map<string, Promise<CollectionNames>>();

  constructor(
    private readonly schemaPool: pg.Pool,
    existing: string[],
  ) {
    for (const collection of existing) this.known.set(collection, Promise.resolve(collectionNames(collection)));
  }

  names(collection: string): Promise<CollectionNames> {
    let names = this.known.get(collection);
    if (!names) {
      names = this.create(collection);
      this.known.set(collection, names);
      names.catch(() => this.known.delete(collection));
    }
    return names;
  }

  /**
   * On its own connection (a pool of one): a transaction that meets a new collection waits for
   * its table without holding a connection the creation could need.
   */
  private async create(collection: string): Promise<CollectionNames> {
    const client = await this.schemaPool.connect();
    try {
      return await createCollection(client, collection);
    } finally {
      client.release();
    }
  }
}
