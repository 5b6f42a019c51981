/** A module of a chunk that a page must not load, and what it is. */
export interface ForbiddenModule {
  what: string;
  id: string;
}

export const LOGIN_JS_GZIP_BUDGET: number;
export const LOGIN_ROUTE_MODULES: string[];
export const NOT_ON_LOGIN_PAGE: { what: string; test: RegExp }[];
/** Every chunk file a set of manifest keys loads: the files themselves and their static imports, recursively. */
export function chunkFiles(manifest: Record<string, { file: string; css?: string[]; imports?: string[] }>, keys: string[]): string[];
/** The login route's files with their sizes, and the modules of NOT_ON_LOGIN_PAGE its chunks hold. */
export function loginRouteSizes(distDir: string): {
  files: { file: string; raw: number; gzip: number }[];
  jsGzip: number;
  cssGzip: number;
  forbidden: ForbiddenModule[];
};
export const SEARCH_JS_GZIP_BUDGET: number;
export function searchRouteCheck(distDir: string): { files: { file: string; gzip: number }[]; jsGzip: number; forbidden: ForbiddenModule[] };
