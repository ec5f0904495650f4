import { contactsTable, selectSql } from '../leads/rows';
import type { PersonalDataHooks } from '../module/personal-data';

/** Exactly the expression the e-mail indexes are built on (server/db/schema.ts). */
const BY_EMAIL = 'WHERE lower(email) = lower(?)';

/** A person's contact requests, for LGPD (docs/requirements.md §10.17, §10.18). */
export const contactHooks: PersonalDataHooks = {
  tables: ['contacts'],
  async access(tx, { email }) {
    const rows = await tx.all(`${selectSql(contactsTable)} ${BY_EMAIL} ORDER BY seq DESC`, [email]);
    const contacts = rows.map(contactsTable.toRecord);
    return { contacts: { entries: contacts, named: contacts.map((contact) => contact.id) } };
  },
  async erase(tx, { email }) {
    const ids = (await tx.all(`DELETE FROM contacts ${BY_EMAIL} RETURNING id`, [email])).map((row) => String(row.id));
    return { counts: { contacts: ids.length }, ids: { contacts: ids } };
  },
  async purge(tx, { cutoffs }) {
    const { leads } = cutoffs;
    return {
      counts: {
        contacts: leads ? await tx.run('DELETE FROM contacts WHERE created_at < ?', [leads.toISOString()]) : 0,
      },
    };
  },
};
