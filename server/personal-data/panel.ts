import type { RequestHandler } from 'express';
import { erasureOutcome } from '../../shared/erasure';
import { email as emailRule } from '../../shared/fields';
import type { CsvExports } from '../exports/routes';
import { auditContext } from '../module/audit';
import type { Stores } from '../stores';
import { fieldOf, type WorkplaceContext } from '../workplace/context';
import { pageRoute, type WorkplaceRoute } from '../workplace/route';

type DataContext = WorkplaceContext &
  Pick<Stores, 'personalData'> & {
    /** The CSV exports, shared with the API's so that one cap counts both. */
    exports: CsvExports;
  };

/**
 * An admin's exports and erasures, /painel/dados (docs/requirements.md §10.17), from the panel rather than with the API
 * token.
 */
export function dataRoutes({ personalData, render, exports }: DataContext): WorkplaceRoute[] {
  const page: RequestHandler = (_req, res) => render(res, 200, 'data', {});

  const erase: RequestHandler = async (req, res) => {
    const typed = emailRule.safeParse(fieldOf(req, 'email'));
    if (!typed.success)
      return render(res, 400, 'data', {
        email: fieldOf(req, 'email'),
        notice: { kind: 'error', text: typed.error.issues[0]!.message },
      });
    if (fieldOf(req, 'confirmo') !== 'sim')
      return render(res, 400, 'data', {
        email: typed.data,
        notice: { kind: 'error', text: 'Marque a confirmação: os dados serão apagados de vez.' },
      });
    const { erased, told, stillToDo } = erasureOutcome(
      typed.data,
      await personalData.eraseSubject(typed.data, auditContext(req, res)),
    );
    render(res, 200, 'data', { outcome: { erased, told, stillToDo } });
  };

  return [
    pageRoute('GET', '/painel/dados', 'admin', page),
    pageRoute('GET', '/painel/dados/contatos.csv', 'admin', exports.contacts),
    pageRoute('GET', '/painel/dados/cotacoes.csv', 'admin', exports.quotes),
    pageRoute('POST', '/painel/dados/eliminar', 'admin', erase),
  ];
}
