import type { RequestHandler } from 'express';
import { email as emailRule } from '../../shared/fields';
import { auditContext } from '../audit/request';
import { fieldOf, type TeamContext } from './context';

/** An admin's exports and erasures (issue 33 §3), from the panel rather than with the API token. */
export function dataHandlers({ store, render, exports }: TeamContext) {
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
    const { contacts, quotes } = await store.eraseSubject(typed.data, auditContext(req, res));
    const text =
      contacts + quotes === 0
        ? `Nenhum dado guardado com ${typed.data}.`
        : `Dados de ${typed.data} apagados: ${contacts} contato(s) e ${quotes} cotação(ões).`;
    render(res, 200, 'data', { notice: { kind: 'ok', text } });
  };

  return { page, erase, contacts: exports.contacts, quotes: exports.quotes };
}
