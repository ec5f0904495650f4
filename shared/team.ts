/** The team's two roles (docs/requirements.md §6.3): `vendas` works the leads; `admin` also runs the team. */
export const ROLES = ['vendas', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** A message at the top of a team page: an error, or the outcome of what was just done. */
export type PageNotice = { kind: 'error' | 'ok'; text: string };

/** Who is signed in, as the team pages' header shows it. */
export type Viewer = { name: string; role: Role; enrolOnly: boolean };

/** Said after the name of someone whose access was revoked, where their history and their leads keep it. */
const REVOKED_MARK = ' (acesso revogado)';

/** A member's name as the panel shows it: marked when their access was revoked (docs/requirements.md §6.3). */
export const memberName = ({ name, revoked }: { name: string; revoked?: boolean }) =>
  revoked ? `${name}${REVOKED_MARK}` : name;
