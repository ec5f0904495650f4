// One line of the audit record as /painel/registro shows it (docs/requirements.md §11.6): server/audit/readable.ts
// puts it in words, client/team/AuditPage.tsx draws it.

export type AuditEntry = {
  seq: number;
  at: string;
  /** Who acted, by name; what the line stored (an e-mail, 'token'…) when it differs. */
  who: string;
  whoDetail?: string;
  /** The action in Portuguese. */
  what: string;
  /** What it was about: a member (by name and e-mail), a passkey, a route. */
  about?: string;
  facts: { label: string; value: string }[];
  /** The leads it touched: a name read from the live tables ('lead eliminado' when gone), its id, its page. */
  leads: { id: string; text: string; href?: string }[];
  ip?: string;
  requestId?: string;
};
