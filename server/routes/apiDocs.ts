import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import { languageOf, type AppEnv } from '../context';
import { translate, type Language } from '../i18n';

/**
 * `GET /back/openapi.json`: the document `npm run generate` wrote (generated/openapi.json);
 * `GET /back/docs`: its reference page, rendered here from that document, self-contained
 * (no script, no CDN: it works offline and under the app's Content-Security-Policy).
 * Both answer without login (CONTRACT.md).
 */
const DOCUMENT_FILE = new URL('../../generated/openapi.json', import.meta.url);
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface Operation {
  tags?: string[];
  summary?: string;
  operationId?: string;
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean; description?: string }[];
  requestBody?: { content: Record<string, { schema?: { $ref?: string } }> };
  responses: Record<string, { description?: string; $ref?: string }>;
}
type PathItem = Partial<Record<(typeof METHODS)[number], Operation>> & { parameters?: Operation['parameters'] };

const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function operationHtml(lang: Language, path: string, method: string, item: PathItem, operation: Operation): string {
  const t = (key: string) => escape(translate(lang, `apiDocs.${key}`));
  const params = [...(item.parameters ?? []), ...(operation.parameters ?? [])];
  const body = Object.entries(operation.requestBody?.content ?? {})
    .map(([type, { schema }]) => `${escape(type)}${schema?.$ref ? ` — <code>${escape(schema.$ref.replace('#/components/schemas/', ''))}</code>` : ''}`)
    .join('<br>');
  const responses = Object.entries(operation.responses)
    .map(([status, response]) => `<li><code>${escape(status)}</code> ${escape(response.description ?? response.$ref?.replace('#/components/responses/', '') ?? '')}</li>`)
    .join('');
  const access = operation.security?.length === 0 ? t('public') : t('login');
  return `<details id="${escape(`${method}-${path}`)}"><summary><b class="m ${method}">${method.toUpperCase()}</b> <code>${escape(path)}</code> ${escape(operation.summary ?? operation.operationId ?? '')} <i>${access}</i></summary>
${params.length ? `<h4>${t('parameters')}</h4><ul>${params.map((p) => `<li><code>${escape(p.name)}</code> (${escape(p.in)}${p.required ? `, ${t('required')}` : ''})${p.description ? ` ${escape(p.description)}` : ''}</li>`).join('')}</ul>` : ''}
${body ? `<h4>${t('body')}</h4><p>${body}</p>` : ''}
<h4>${t('responses')}</h4><ul>${responses}</ul></details>`;
}

export function docsPage(lang: Language, doc: { info: { title: string; version: string }; paths: Record<string, PathItem> }): string {
  const t = (key: string, params?: Record<string, unknown>) => escape(translate(lang, `apiDocs.${key}`, params));
  const byTag = new Map<string, string[]>();
  let count = 0;
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      count++;
      const tag = operation.tags?.[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(lang, path, method, item, operation)]);
    }
  }
  const sections = [...byTag].sort(([a], [b]) => a.localeCompare(b)).map(([tag, ops]) => `<section><h2 id="tag-${escape(tag)}">${escape(tag)}</h2>${ops.join('\n')}</section>`);
  return `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t('title')} — ${escape(doc.info.title)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:70rem;padding:1rem 2rem;color:#1a1b1e}code{font-size:.9em}
details{border:1px solid #dee2e6;border-radius:6px;margin:.3rem 0;padding:.3rem .6rem}summary{cursor:pointer}i{color:#868e96;font-size:.85em}
.m{display:inline-block;min-width:4.2rem;font-size:.8em}.get{color:#1971c2}.post{color:#2f9e44}.put{color:#e8590c}.patch{color:#9c36b5}.delete{color:#e03131}h4{margin:.4rem 0 0}</style></head>
<body><h1>${t('title')} — ${escape(doc.info.title)} ${escape(doc.info.version)}</h1>
<p>${t('intro', { count })} <a href="/back/openapi.json">${t('download')}</a></p>
<nav>${[...byTag.keys()].sort().map((tag) => `<a href="#tag-${escape(tag)}">${escape(tag)}</a>`).join(' · ')}</nav>
${sections.join('\n')}
</body></html>
`;
}

export function apiDocsRoutes() {
  const app = new Hono<AppEnv>();
  let text: string | undefined;
  const documentText = () => (text ??= readFileSync(DOCUMENT_FILE, 'utf8'));
  app.get('/back/openapi.json', (c) => c.body(documentText(), 200, { 'Content-Type': 'application/json; charset=utf-8' }));
  app.get('/back/docs', (c) => c.html(docsPage(languageOf(c), JSON.parse(documentText()))));
  return app;
}
