import { step } from './labelKeys';
import type { SchemaProblem } from './problem';

/**
 * Every `pattern` and `patternProperties` key of these files that is no regular expression, as ajv
 * reads them (the `u` flag). The server compiles a validator on its first use (server/validation.ts
 * lazyValidator), so such a schema is refused here, at start, and not by a request.
 */
export function patternProblems(kind: string, files: Record<string, unknown>): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const tryPattern = (file: string, path: string, pattern: string) => {
    try {
      new RegExp(pattern, 'u');
    } catch (error) {
      problems.push({ file, path, message: `no regular expression: ${(error as Error).message}` });
    }
  };
  const walk = (file: string, path: string, value: unknown) => {
    if (!value || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      const at = path + step(key);
      if (key === 'pattern' && typeof child === 'string') tryPattern(file, at, child);
      if (key === 'patternProperties' && child && typeof child === 'object') for (const pattern of Object.keys(child)) tryPattern(file, at + step(pattern), pattern);
      walk(file, at, child);
    }
  };
  for (const [name, content] of Object.entries(files)) walk(`${kind}/${name}.json`, '', content);
  return problems;
}
