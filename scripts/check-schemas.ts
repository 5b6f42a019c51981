/**
 * `npm run check:schemas [dir]`: checks every file of the configuration — `dir`, else SCHEMAS_DIR as
 * the server reads it, else schemas/ — against its meta-schema and the names it uses
 * (server/schemaLoader.ts reads it, server/schemaCheck/ checks it); prints each problem with its
 * file and JSON pointer, and exits with 1 when there is one. The server runs the same check when it starts.
 */
import { formatProblem } from '../server/schemaCheck/check';
import { checkSchemas } from '../server/schemaLoader';

const dir = process.argv[2] ?? (process.env.SCHEMAS_DIR || 'schemas');
const problems = checkSchemas(dir);
for (const problem of problems) console.log(`${dir}/${formatProblem(problem)}`);
console.log(problems.length ? `${dir}: ${problems.length} problem${problems.length === 1 ? '' : 's'}` : `${dir}: no problem`);
process.exit(problems.length ? 1 : 0);
