import type { Stores } from '../stores';
import type { WorkplaceContext } from '../workplace/context';
import type { SignInLimits } from './limits';
import type { PasskeyCeremonies } from './passkeys';
import type { TeamSessions } from './sessions';

/** What the team's handlers (sign-in, account, members) work with. */
export type TeamContext = WorkplaceContext &
  Pick<Stores, 'team' | 'audit' | 'inbox'> & {
    sessions: TeamSessions;
    ceremonies: PasskeyCeremonies;
    /** Whether e-mail is configured (SMTP_URL): codes can be sent, and invitations need one. */
    mailOn: boolean;
    limits: SignInLimits;
  };
