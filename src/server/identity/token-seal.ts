// The provider's tokens at rest: the ID token (for the provider's logout) and the refresh token
// (revoked at logout) are kept in `sessions` only sealed with AES-256-GCM under
// TOKEN_ENCRYPTION_KEY, so a copy of the database does not hand out a reader's tokens. Sealed
// form: `v1.<iv>.<tag>.<ciphertext>`, base64url. A value that does not open (another key, or
// altered) is treated as absent: logout is then local only.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export interface TokenSealer {
  seal(plain: string): string;
  open(sealed: string): string | null;
}

export function tokenSealer(key: Buffer): TokenSealer {
  if (key.length !== 32) throw new Error('The token encryption key must be 32 bytes');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || ciphertext === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([
          decipher.update(Buffer.from(ciphertext, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
