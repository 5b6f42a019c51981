import pg from 'pg';
import { startPgCluster, createDatabase } from '../tests/support/pgCluster';
import { generateData } from '../bench/generate';
import { openPostgresStore } from '../server/store/postgres/store';
import { loadRegistry, storeIndexes } from '../server/schemas';
import { selectStatement } from '../server/store/postgres/sql';

const cluster = await startPgCluster();
try {
  const { data } = await generateData('/tmp/pgsearch-seed.json', 20000);
  const url = await createDatabase(cluster.server, 'proj');
  const s = await openPostgresStore({ url });
  await s.importData(data);
  await s.close();
  await (await openPostgresStore({ url, indexes: storeIndexes(loadRegistry('schemas')) })).close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('ANALYZE');
  const fields = ['serviceId','contributors','number','type','serviceStep','client','supplier','factory','serviceProvider','startDate','endDate','serviceLevel','tags','universeId','agent','creatorCompany','creator','providerConfirmed','locked','readOnly','pendingDateBy','dateRelevance','cancelRequestDate','report','purchaseOrderLines'];
  const base = { collection: 'services', orderBy: [{ field: 'startDate', desc: true }, { field: 'serviceId', desc: true }], limit: 501 };
  const variants: Record<string, string> = {
    whole: selectStatement('services', base).text,
    projected: selectStatement('services', { ...base, select: fields }).text,
    buildOnly: selectStatement('services', base).text.replace('SELECT data', `SELECT jsonb_build_object(${fields.map((f) => `'${f}', data -> '${f}'`).join(', ')}) AS data`),
    each: selectStatement('services', base).text.replace('SELECT data', `SELECT (SELECT jsonb_object_agg(key, value) FROM jsonb_each(data) WHERE key = ANY($2::text[])) AS data`),
  };
  for (let round = 0; round < 3; round++) {
    for (const [name, text] of Object.entries(variants)) {
      const values = name === 'each' ? [501, fields] : [501];
      const t0 = performance.now();
      let bytes = 0;
      for (let i = 0; i < 10; i++) { const r = await client.query({ text, values, rowMode: 'array', types: { getTypeParser: () => (v: string) => v } as never }); bytes = r.rows.reduce((n, row) => n + String(row[0]).length, 0); }
      const t1 = performance.now();
      for (let i = 0; i < 10; i++) await client.query({ text, values });
      const t2 = performance.now();
      console.log(round, name, 'sql+text ms', ((t1 - t0) / 10).toFixed(1), 'with parse ms', ((t2 - t1) / 10).toFixed(1), 'bytes', bytes);
    }
  }
  const r = await client.query(`SELECT avg(pg_column_size(data)) AS stored, avg(length(data::text)) AS text, avg(pg_column_size(search)) s FROM services`);
  console.log(r.rows[0]);
  await client.end();
} finally {
  await cluster.stop();
}
