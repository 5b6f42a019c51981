/**
 * `npm run check:schemas [dir]`: checks every file of schemas/ (or `dir`) against its meta-schema
 * and the names it uses (server/schemaCheck/check.ts); prints each problem with its file and JSON
 * pointer, and exits with 1 when there is one. The server runs the same check when it starts.
 */
import { checkSchemas, formatProblem } from '../server/schemaCheck/check';

const dir = process.argv[2] ?? 'schemas';
const problems = checkSchemas(dir);
for (const problem of problems) console.log(`${dir}/${formatProblem(problem)}`);
console.log(problems.length ? `${dir}: ${problems.length} problem${problems.length === 1 ? '' : 's'}` : `${dir}: no problem`);
process.exit(problems.length ? 1 : 0);
