import { describe, expect, it } from 'vitest';
import { externalSitesOf } from '../../server/links/externalSites';
import { readToken, signToken } from '../../server/links/signedToken';

/** The server's signed tokens (unsubscribe links, external sites' login) and the external sites' configuration. */
describe('signed tokens', () => {
  const secret = 'a test secret';

  it('reads back what was signed for the same purpose, before it expires', () => {
    const token = signToken(secret, 'purpose', { sub: '7:SERVICE_CREATED', exp: 2_000_000_000 });
    expect(readToken(secret, 'purpose', token, 1_000_000_000_000)).toEqual({ sub: '7:SERVICE_CREATED', exp: 2_000_000_000 });
    expect(readToken(secret, 'purpose', token, 2_000_000_000_000)).toBeUndefined();
    expect(readToken(secret, 'another purpose', token)).toBeUndefined();
    expect(readToken('another secret', 'purpose', token)).toBeUndefined();
  });

  it('refuses anything not made by signToken: other shapes, a changed payload, too long', () => {
    const token = signToken(secret, 'purpose', { sub: 'x' });
    const [, signature] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ sub: 'y' })).toString('base64url')}.${signature}`;
    for (const bad of [undefined, 12, '', 'abc', `${token}.more`, forged, `${Buffer.from('[1]').toString('base64url')}.${signature}`, 'a'.repeat(3000)]) {
      expect(readToken(secret, 'purpose', bad), String(bad).slice(0, 40)).toBeUndefined();
    }
  });
});

describe('externalSitesOf', () => {
  it('offers a site only with both its http(s) addresses', () => {
    expect(externalSitesOf({ GUIDE_LOGIN_URL: 'https://help.test/login', GUIDE_URL: 'https://help.test/' })).toEqual({ guide: { loginUrl: 'https://help.test/login', url: 'https://help.test/' } });
    expect(externalSitesOf({ GUIDE_LOGIN_URL: 'https://help.test/login' })).toEqual({});
    expect(externalSitesOf({ IDEA_LOGIN_URL: 'javascript:alert(1)', IDEA_URL: 'https://ideas.test/' })).toEqual({});
    expect(externalSitesOf({ IDEA_LOGIN_URL: 'https://ideas.test/login', IDEA_URL: 'https://ideas.test/ with space' })).toEqual({});
  });
});
