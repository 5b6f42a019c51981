import { generate, generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/**
 * Two-factor login with an authenticator app (RFC 6238 TOTP: 6 digits, 30 s steps) through
 * otplib; the setup QR code through qrcode. A code is accepted one step either side of now.
 */
const ISSUER = 'QCFlow';
const TOLERANCE_SECONDS = 30;

export const newTotpSecret = (): string => generateSecret();

export async function totpSetup(secret: string, email: string): Promise<{ otpauthUrl: string; qrCode: string }> {
  const otpauthUrl = generateURI({ issuer: ISSUER, label: email, secret });
  return { otpauthUrl, qrCode: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 }) };
}

export async function totpValid(secret: string | undefined, code: unknown): Promise<boolean> {
  if (!secret || typeof code !== 'string' || !/^\d{6}$/.test(code)) return false;
  try {
    return (await verify({ secret, token: code, epochTolerance: TOLERANCE_SECONDS })).valid;
  } catch {
    return false;
  }
}

/** The current code (for tests and the e2e run, which play the authenticator app). */
export const totpNow = (secret: string): Promise<string> => generate({ secret });
