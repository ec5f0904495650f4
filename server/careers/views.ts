import { PositionFormPage, PositionsPage } from '../../client/team/PositionPages';
import type { Views } from '../workplace/pages';

/** The admins' pages of the positions, /painel/vagas. */
export const CAREERS_VIEWS = {
  positions: { view: PositionsPage, title: 'Vagas' },
  positionForm: { view: PositionFormPage, title: 'Vaga' },
} satisfies Views;
