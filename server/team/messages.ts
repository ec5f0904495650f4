import { message } from '../module/messages';

/**
 * A message to a member of the team (a sign-in code, an invitation), by e-mail alone: to that
 * member's own address, not to LEADS_TO (docs/requirements.md §6.3). Its row keeps the message only
 * until it is sent or given up, like a lead's.
 */
export type TeamMessage = { to: string; subject: string; text: string };

export const TEAM_MESSAGES = {
  'team.message': message<TeamMessage>({ email: ({ to, subject, text }) => ({ to, subject, text }) }),
};
