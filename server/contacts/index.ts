import { leadDeliveries } from '../leads/arrival';
import { arrivalOf, updateOf } from '../leads/messages';
import { defineModule } from '../module/contract';
import { confirmationPage, formErrorPages } from './form-pages';
import { contactOperations } from './openapi';
import { contactHooks } from './personal-data';
import { contactRoutes, type LeadRouteDeps } from './routes';
import { sqlContacts } from './sql-store';

type Deps = Omit<LeadRouteDeps<'contacts'>, 'stores'> & LeadRouteDeps<'contacts'>['stores'];

/**
 * Contact requests (docs/requirements.md §4, §10): the form on the landing page and the API's
 * /api/contacts, with or without JavaScript, each weighed for spam and delivered through the outbox.
 */
export default defineModule({
  name: 'contacts',
  // A lead that arrives gets the visitor's receipt; one released from the Suspeitos folder does not.
  stores: ({ db, outbox }) => ({ contacts: sqlContacts(db, leadDeliveries(outbox).arrive) }),
  routes: (deps: Deps) => ({
    site: {
      home: confirmationPage(deps.renderPage),
      // The form's refusals get pages after the router, where boundBody's 413, met before any route,
      // reaches them too: a visitor without JavaScript sees the site's page, not JSON.
      api: [['/contacts', contactRoutes({ ...deps, stores: deps }), formErrorPages(deps.renderPage)]],
    },
  }),
  openapi: { operations: contactOperations },
  messages: { contact: arrivalOf('contact'), 'contact.updated': updateOf('contact') },
  personalData: () => contactHooks,
});
