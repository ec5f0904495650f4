import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Request, RequestHandler, Response } from 'express';
import { company } from '../../shared/content';
import type { RateLimitCounters } from '../db/rate-limit-counters';
import { attemptLimiter } from '../http/attempt-limit';
import { REFUSALS } from '../http/refusals';
import { CHALLENGE_MS, CHALLENGES } from './policy';
import { digestOf, newSecret } from './secrets';
import { clearShortCookie, cookieOf, setShortCookie } from './sessions';
import type { Member, Passkey, TeamStore } from './sql-store';

/** Ties a ceremony's two requests together, whichever replica each lands on: its challenge is in the database. */
const CEREMONY_COOKIE = '__Host-cerimonia';

/**
 * WebAuthn with @simplewebauthn/server (docs/decisions/030-passkeys.md). The relying party is
 * PUBLIC_URL's host, and only its origin may answer. User verification is required: the passkey
 * is then the device and its unlock (biometrics or PIN), two factors in one gesture.
 */
export function passkeyCeremonies(publicUrl: URL, store: TeamStore, counters?: RateLimitCounters) {
  const rpID = publicUrl.hostname;
  const expected = { expectedOrigin: publicUrl.origin, expectedRPID: rpID, requireUserVerification: true };
  // Counted on the replicas' shared counters (PostgreSQL's), else this process's.
  const started = attemptLimiter(counters, {
    name: 'ceremony-ip',
    limit: CHALLENGES.perAddress,
    windowMs: CHALLENGE_MS,
  });

  async function remember(res: Response, challenge: string) {
    const secret = newSecret();
    await store.saveChallenge(digestOf(secret), challenge, CHALLENGE_MS);
    setShortCookie(res, CEREMONY_COOKIE, secret, CHALLENGE_MS);
  }

  /** The challenge this browser was given, once; the cookie goes with it. */
  async function recall(req: Request, res: Response) {
    const secret = cookieOf(req, CEREMONY_COOKIE);
    clearShortCookie(res, CEREMONY_COOKIE);
    return secret ? store.takeChallenge(digestOf(secret)) : undefined;
  }

  /** Ahead of a ceremony anyone may start: one address's challenges are bounded (policy.ts, CHALLENGES). */
  const limitByAddress: RequestHandler = async (req, res, next) => {
    const { limited, retryAfterS } = await started.reserve(req.ip ?? '');
    if (!limited) return next();
    const message = REFUSALS.RATE_LIMITED.message(String(Math.ceil(retryAfterS / 60)));
    res
      .status(429)
      .set({ 'Retry-After': String(retryAfterS), 'Cache-Control': 'no-store' })
      .json({ message });
  };

  return {
    limitByAddress,

    async registrationOptions(res: Response, member: Member) {
      const existing = await store.passkeysOf(member.id);
      const options = await generateRegistrationOptions({
        rpName: company.name,
        rpID,
        userName: member.email,
        userDisplayName: member.name,
        userID: new Uint8Array(Buffer.from(member.id)),
        attestationType: 'none',
        // The same authenticator twice would be two names for one key.
        excludeCredentials: existing.map(({ id, transports }) => ({ id, transports })),
        // Discoverable: sign-in asks for no e-mail first.
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await remember(res, options.challenge);
      return options;
    },

    /** The new passkey, stored under `name`; undefined when the response does not verify. */
    async register(req: Request, res: Response, member: Member, response: RegistrationResponseJSON, name: string) {
      const challenge = await recall(req, res);
      if (!challenge) return undefined;
      const { verified, registrationInfo } = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        ...expected,
      }).catch(() => ({ verified: false, registrationInfo: undefined }));
      if (!verified || !registrationInfo) return undefined;
      const { id, publicKey, counter, transports = [] } = registrationInfo.credential;
      const passkey = { id, memberId: member.id, name, publicKey, counter, transports };
      await store.addPasskey(passkey);
      return passkey;
    },

    async authenticationOptions(res: Response) {
      const options = await generateAuthenticationOptions({ rpID, userVerification: 'required' });
      await remember(res, options.challenge);
      return options;
    },

    /** The passkey that signed, its counter moved on; undefined when it does not verify. */
    async authenticate(req: Request, res: Response, response: AuthenticationResponseJSON) {
      const challenge = await recall(req, res);
      const passkey: Passkey | undefined =
        typeof response?.id === 'string' ? await store.passkeyById(response.id) : undefined;
      if (!challenge || !passkey) return undefined;
      const { verified, authenticationInfo } = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        credential: {
          id: passkey.id,
          publicKey: passkey.publicKey,
          counter: passkey.counter,
          transports: passkey.transports,
        },
        ...expected,
      }).catch(() => ({ verified: false, authenticationInfo: undefined }));
      if (!verified || !authenticationInfo) return undefined;
      await store.usedPasskey(passkey.id, authenticationInfo.newCounter);
      return passkey;
    },
  };
}

export type PasskeyCeremonies = ReturnType<typeof passkeyCeremonies>;
