/** The team's two roles (docs/requirements.md §6.3): `vendas` works the leads; `admin` also runs the team. */
export const ROLES = ['vendas', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** A message at the top of a team page: an error, or the outcome of what was just done. */
export type PageNotice = { kind: 'error' | 'ok'; text: string };

/** Who is signed in, as the team pages' header shows it. */
export type Viewer = { name: string; role: Role; enrolOnly: boolean };
