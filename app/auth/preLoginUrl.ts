/** Spec §4 "App start": the url asked for before login is remembered, unless it is the root. */
const KEY = 'qcflow.preLoginUrl';

export function rememberPreLoginUrl(url: string): void {
  if (url !== '/' && !url.startsWith('/auth')) sessionStorage.setItem(KEY, url);
}

export function takePreLoginUrl(): string {
  const url = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return url ?? '/';
}
