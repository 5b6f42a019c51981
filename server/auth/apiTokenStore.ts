import { createHash, randomBytes } from 'node:crypto';
import type { Reader, Stored } from '../store/types';

/**
 * API tokens (spec "API token": name, canWrite, impersonated contact, IP address, creation
 * and expiration dates). The secret is shown once at creation; the store keeps only its
 * SHA-256, found by exact key lookup (no secret comparison whose timing could leak).
 */
export const API_TOKENS = 'apiTokens';
export const TOKEN_PREFIX = 'qcf_';

export interface ApiToken {
  apiTokenId: number;
  universeId: number;
  companyId: number;
  name: string;
  canWrite: boolean;
  /** The contact the token acts as. */
  contactId: number;
  /** Only requests from this address are accepted. */
  ipAddress: string;
  creationDate: string;
  expirationDate: string;
  secretHash: string;
  createdBy: number;
  [key: string]: unknown;
}

export const secretHashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

export function newTokenSecret(): string {
  return `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export async function tokenBySecret(db: Reader, secret: string): Promise<Stored<ApiToken> | undefined> {
  const hash = secretHashOf(secret);
  return (await db.query<ApiToken>({ collection: API_TOKENS, where: { op: 'eq', field: 'secretHash', value: hash }, limit: 1 }))[0];
}
