// A job opening (docs/requirements.md §6.5, §2.4): what the landing page's "Trabalhe
// conosco" lists, the workplace's admins manage, and an application names. Types and labels only,
// no runtime dependency, so that a component or an island importing them adds nothing but these.

/** The kinds of work a position is, each with the label the page shows. */
export const POSITION_KINDS = {
  motorista: 'Motorista',
  operacao: 'Operação',
  manutencao: 'Manutenção',
  administrativo: 'Administrativo',
  comercial: 'Comercial',
} as const;

export type PositionKind = keyof typeof POSITION_KINDS;

/** What an admin types for a position: the same fields when it is created and when it is edited. */
export type PositionInput = {
  title: string;
  city: string;
  /** The state's two-letter code (shared/uf.ts). */
  uf: string;
  kind: PositionKind;
  /** Free text, its line breaks kept: one requirement a line reads best on the page. */
  requirements: string;
};

/**
 * A stored position. Open until an admin closes it; a closed one leaves the page and keeps its
 * applications, so positions are never deleted. `…By` is the member's id (absent: nobody's).
 */
export type Position = PositionInput & {
  id: string;
  open: boolean;
  createdAt: string;
  createdBy?: string;
  updatedAt: string;
  updatedBy?: string;
  closedAt?: string;
  closedBy?: string;
};

/** An open position as the landing page shows it: nothing of who manages it. */
export type OpenPosition = Pick<Position, 'id' | 'title' | 'city' | 'uf' | 'kind' | 'requirements'>;

/** The application form's page (docs/requirements.md §4.6): a position's, or the talent pool's without one. */
const APPLICATION_PATH = '/trabalhe-conosco/candidatura';
/** The query parameter that names the position applied to. */
const POSITION_PARAM = 'vaga';

/** Where "Candidatar-se" leads: the form for `positionId`, or for the talent pool when none. */
export const applicationHref = (positionId?: string) =>
  positionId ? `${APPLICATION_PATH}?${new URLSearchParams({ [POSITION_PARAM]: positionId })}` : APPLICATION_PATH;
