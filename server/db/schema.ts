import type { ColumnTypes, Dialect } from './database';

/**
 * The schema, one entry per version (its position, from 1), each the statements of one
 * transaction. Append new entries; never edit one that has been applied.
 */
export const migrations: ReadonlyArray<(type: ColumnTypes, dialect: Dialect) => string[]> = [
  (type) => [
    `CREATE TABLE contacts (
       seq ${type.seq},
       id ${type.uuid} NOT NULL UNIQUE,
       name text NOT NULL,
       email text NOT NULL,
       phone text,
       company text,
       message text NOT NULL,
       created_at ${type.timestamp} NOT NULL
     )`,
    `CREATE TABLE idempotency_keys (
       scope text NOT NULL,
       key text NOT NULL,
       fingerprint text NOT NULL,
       resource_id ${type.uuid} NOT NULL,
       created_at ${type.timestamp} NOT NULL,
       PRIMARY KEY (scope, key)
     )`,
  ],
  (type) => [
    `CREATE TABLE quotes (
       seq ${type.seq},
       id ${type.uuid} NOT NULL UNIQUE,
       status text NOT NULL,
       created_at ${type.timestamp} NOT NULL,
       name text NOT NULL,
       email text NOT NULL,
       phone text,
       company text,
       origin_city text NOT NULL,
       origin_state text NOT NULL,
       destination_city text NOT NULL,
       destination_state text NOT NULL,
       cargo_type text NOT NULL,
       weight_tons ${type.real} NOT NULL,
       vehicle text,
       pickup_date ${type.date},
       notes text
     )`,
  ],
  // The durable outbox: one row per e-mail, written in the transaction that stores the lead.
  (type) => [
    `CREATE TABLE outbox (
       seq ${type.seq},
       id ${type.uuid} NOT NULL UNIQUE,
       kind text NOT NULL,
       payload ${type.json} NOT NULL,
       status text NOT NULL,
       attempts integer NOT NULL,
       next_attempt_at ${type.timestamp} NOT NULL,
       claimed_until ${type.timestamp},
       last_error text,
       created_at ${type.timestamp} NOT NULL,
       sent_at ${type.timestamp}
     )`,
    'CREATE INDEX outbox_due ON outbox (status, next_attempt_at)',
  ],
  // Every write deletes the Idempotency-Keys past their 24 hours (server/leads/storage.ts).
  () => ['CREATE INDEX idempotency_keys_expiry ON idempotency_keys (created_at)'],
  // Rate-limit counters shared by the replicas (PostgreSQL; the embedded SQLite counts in the process).
  (type) => [
    `CREATE TABLE rate_limits (
       key text PRIMARY KEY,
       hits integer NOT NULL,
       reset_at ${type.timestamp} NOT NULL
     )`,
  ],
  // Webhooks, the outbox's second channel (docs/requirements.md §10.15), each row linked to its lead
  // so that erasure and retention find its copies (§10.17, §10.18). Old replicas insert without these
  // columns: their rows are e-mails, and their lead_id is NULL (erasure finds those by payload). An old
  // replica claims pending rows whatever their channel, so WEBHOOK_URL is turned on only once every
  // replica runs this release (docs/operations.md, "A rolling deploy").
  (type) => [
    `ALTER TABLE outbox ADD COLUMN channel text NOT NULL DEFAULT 'email'`,
    `ALTER TABLE outbox ADD COLUMN lead_id ${type.uuid}`,
    'CREATE INDEX outbox_due_by_channel ON outbox (channel, status, next_attempt_at)',
    'CREATE INDEX outbox_lead ON outbox (lead_id)',
  ],
  // A data subject's leads, found by e-mail in any letter case (§10.17): the lookups use exactly lower(email).
  () => [
    'CREATE INDEX contacts_email ON contacts (lower(email))',
    'CREATE INDEX quotes_email ON quotes (lower(email))',
  ],
  // What was asked of the personal data and how many rows it touched; never whose (§11.6).
  (type) => [
    `CREATE TABLE audit_log (
       seq ${type.seq},
       at ${type.timestamp} NOT NULL,
       action text NOT NULL,
       contacts integer NOT NULL,
       quotes integer NOT NULL,
       request_id text
     )`,
  ],
  // Where each lead came from (docs/requirements.md §10.19): nullable, so that an older replica's
  // inserts, which name none of them, still work; its leads simply have no source.
  () =>
    ['contacts', 'quotes'].flatMap((table) =>
      ['form', 'page', 'utm_source', 'utm_medium', 'utm_campaign'].map(
        (part) => `ALTER TABLE ${table} ADD COLUMN source_${part} text`,
      ),
    ),
  // The one audit record (docs/decisions/028-one-audit-record.md): who, about what, from where, and the
  // leads a line touched, so that a person's erasure can take their ids out. All nullable: the lines
  // already there, and those an older replica writes during a rolling deploy, have none of them and
  // read as the API token's (or the retention's, for a purge), which is who wrote them.
  (type) => [
    'ALTER TABLE audit_log ADD COLUMN actor text',
    'ALTER TABLE audit_log ADD COLUMN actor_id text',
    'ALTER TABLE audit_log ADD COLUMN subject text',
    `ALTER TABLE audit_log ADD COLUMN lead_ids ${type.json}`,
    `ALTER TABLE audit_log ADD COLUMN detail ${type.json}`,
    'ALTER TABLE audit_log ADD COLUMN ip text',
    // The record's two filters, each read newest first by seq; and the retention's cutoff.
    'CREATE INDEX audit_log_actor ON audit_log (actor_id, seq)',
    'CREATE INDEX audit_log_action ON audit_log (action, seq)',
    'CREATE INDEX audit_log_at ON audit_log (at)',
  ],
  // The sales team (docs/requirements.md §6.3): members and their passkeys, sessions kept
  // here so that every replica and every restart agree, and the one-time links and codes that enrol a
  // member's first passkey. Secrets are stored as SHA-256 digests, never as they were sent.
  (type) => [
    `CREATE TABLE members (
       seq ${type.seq},
       id ${type.uuid} NOT NULL UNIQUE,
       email text NOT NULL,
       name text NOT NULL,
       role text NOT NULL,
       created_at ${type.timestamp} NOT NULL,
       revoked_at ${type.timestamp}
     )`,
    'CREATE UNIQUE INDEX members_email ON members (lower(email))',
    `CREATE TABLE passkeys (
       id text PRIMARY KEY,
       member_id ${type.uuid} NOT NULL,
       name text NOT NULL,
       public_key text NOT NULL,
       counter bigint NOT NULL,
       transports text NOT NULL,
       created_at ${type.timestamp} NOT NULL,
       last_used_at ${type.timestamp}
     )`,
    'CREATE INDEX passkeys_member ON passkeys (member_id)',
    `CREATE TABLE sessions (
       id text PRIMARY KEY,
       member_id ${type.uuid} NOT NULL,
       purpose text NOT NULL,
       created_at ${type.timestamp} NOT NULL,
       seen_at ${type.timestamp} NOT NULL,
       expires_at ${type.timestamp} NOT NULL
     )`,
    'CREATE INDEX sessions_member ON sessions (member_id)',
    `CREATE TABLE invitations (
       id text PRIMARY KEY,
       member_id ${type.uuid},
       needs_code integer NOT NULL,
       created_at ${type.timestamp} NOT NULL,
       expires_at ${type.timestamp} NOT NULL,
       used_at ${type.timestamp}
     )`,
    `CREATE TABLE sign_in_codes (
       member_id ${type.uuid} PRIMARY KEY,
       digest text NOT NULL,
       attempts integer NOT NULL,
       expires_at ${type.timestamp} NOT NULL
     )`,
    `CREATE TABLE webauthn_challenges (
       id text PRIMARY KEY,
       challenge text NOT NULL,
       expires_at ${type.timestamp} NOT NULL
     )`,
  ],
  // The lead inbox (docs/requirements.md §6.4): where the team's work on each lead stands.
  // A contact gains the status a quote had ('pending' is 'new'); both gain an owner, a lost reason, the
  // moment the lead first left 'new' (the promise's clock stops there), and a version every change
  // bumps, so that two members' changes cannot overwrite each other unseen. An older replica inserts
  // none of these during a rolling deploy and gets the defaults; its quotes say 'pending', which the
  // inbox reads as 'new' (server/inbox/sql-store.ts). Notes are rows of their own; the audit record
  // names the one lead a line is about, so a lead's history is one indexed read; the search index
  // is each backend's own (docs/decisions/032-inbox-search.md).
  (type, dialect) => [
    `ALTER TABLE contacts ADD COLUMN status text NOT NULL DEFAULT 'new'`,
    `UPDATE quotes SET status = 'new' WHERE status = 'pending'`,
    ...['contacts', 'quotes'].flatMap((table) => [
      `ALTER TABLE ${table} ADD COLUMN owner_id ${type.uuid}`,
      `ALTER TABLE ${table} ADD COLUMN lost_reason text`,
      `ALTER TABLE ${table} ADD COLUMN responded_at ${type.timestamp}`,
      `ALTER TABLE ${table} ADD COLUMN version integer NOT NULL DEFAULT 1`,
      `ALTER TABLE ${table} ADD COLUMN updated_at ${type.timestamp}`,
      // The inbox's order (newest first, keyset on arrival and id) and its two narrowest filters.
      `CREATE INDEX ${table}_arrival ON ${table} (created_at, id)`,
      `CREATE INDEX ${table}_status ON ${table} (status, created_at)`,
      `CREATE INDEX ${table}_owner ON ${table} (owner_id, created_at)`,
    ]),
    `CREATE TABLE lead_notes (
       seq ${type.seq},
       id ${type.uuid} NOT NULL UNIQUE,
       lead_id ${type.uuid} NOT NULL,
       author_id ${type.uuid} NOT NULL,
       body text NOT NULL,
       created_at ${type.timestamp} NOT NULL
     )`,
    'CREATE INDEX lead_notes_lead ON lead_notes (lead_id, seq)',
    `ALTER TABLE audit_log ADD COLUMN lead_id ${type.uuid}`,
    'CREATE INDEX audit_log_lead ON audit_log (lead_id, seq)',
    ...dialect.search.index('contacts', SEARCHED.contacts),
    ...dialect.search.index('quotes', SEARCHED.quotes),
  ],
  // The spam quarantine (docs/requirements.md §10.9, docs/decisions/036-spam-quarantine.md).
  // A suspect post waits here, apart from the leads, until a member releases it (it then becomes a
  // contact with this id and arrival time) or marks it as spam; the retention erases it after
  // SUSPECT_RETENTION_DAYS. Its fields are kept as the validator handed them, with the reasons and
  // their weights. A message's print (a hash of its normalised text, with a hash of the address)
  // lives an hour, for the "same message from several addresses" signal. What the team's marks
  // taught is counted per word and per reason. The site's own keys (the render stamp's) are
  // created once, by whichever replica starts first, so every replica signs alike.
  (type) => [
    `CREATE TABLE suspects (
       seq ${type.seq},
       id ${type.uuid} NOT NULL UNIQUE,
       email text NOT NULL,
       state text NOT NULL,
       reasons ${type.json} NOT NULL,
       fields ${type.json} NOT NULL,
       created_at ${type.timestamp} NOT NULL,
       marked_by ${type.uuid},
       marked_at ${type.timestamp}
     )`,
    'CREATE INDEX suspects_folder ON suspects (state, created_at)',
    'CREATE INDEX suspects_email ON suspects (lower(email))',
    'CREATE INDEX suspects_age ON suspects (created_at)',
    `CREATE TABLE message_prints (
       print text NOT NULL,
       sender text NOT NULL,
       created_at ${type.timestamp} NOT NULL
     )`,
    'CREATE INDEX message_prints_print ON message_prints (print, created_at)',
    'CREATE INDEX message_prints_age ON message_prints (created_at)',
    `CREATE TABLE spam_counts (
       kind text NOT NULL,
       term text NOT NULL,
       spam integer NOT NULL,
       ham integer NOT NULL,
       PRIMARY KEY (kind, term)
     )`,
    'CREATE TABLE site_keys (name text PRIMARY KEY, secret text NOT NULL)',
  ],
  // When a contact that got through was moved here by "É spam" (null for a post held on arrival):
  // brought back by "Não é spam", it was a lead already, and site_leads_created_total does not count
  // it a second time (docs/operations.md).
  (type) => [`ALTER TABLE suspects ADD COLUMN moved_at ${type.timestamp}`],
  // Distance and the ANTT floor (docs/requirements.md §9.5, docs/decisions/042-antt-floor.md).
  // An act's Tabela A is its rows, added whole and never changed, so that a quote keeps the act it was
  // priced under; the acts the repository transcribed are added at start, not here (migrations only
  // add tables). A cell holds a CCD in ten-thousandths of a real per km and a CC in centavos: both
  // NULL and transcribed for a combination the act leaves blank, transcribed = 0 for one whose value
  // this repository does not know (what is known of it kept). A lane is stored once per pair, the
  // smaller IBGE code first, and read either way.
  (type) => [
    `CREATE TABLE antt_tables (
       act_id text PRIMARY KEY,
       act_name text NOT NULL,
       effective_from ${type.date} NOT NULL UNIQUE,
       provenance text NOT NULL,
       added_by ${type.uuid},
       added_at ${type.timestamp} NOT NULL
     )`,
    `CREATE TABLE antt_coefficients (
       act_id text NOT NULL REFERENCES antt_tables (act_id),
       cargo_type text NOT NULL,
       axles integer NOT NULL,
       ccd_ten_thousandths integer,
       cc_cents integer,
       transcribed integer NOT NULL,
       PRIMARY KEY (act_id, cargo_type, axles)
     )`,
    `CREATE TABLE freight_lanes (
       place_a text NOT NULL,
       place_b text NOT NULL,
       road_km integer NOT NULL,
       barge_km integer,
       set_by ${type.uuid},
       set_at ${type.timestamp} NOT NULL,
       PRIMARY KEY (place_a, place_b),
       CHECK (place_a < place_b)
     )`,
  ],
  // The quote form (docs/decisions/043-quote-form.md): a quote's CNPJ, segment (the industry
  // that cargo_type held before, which an old replica still writes there alone), the value of the
  // goods and how often the load repeats; all optional, so an old replica's inserts still fit. A
  // suspect post is a contact or, now, a quote: the folder releases it into its own table.
  (type) => [
    'ALTER TABLE quotes ADD COLUMN cnpj text',
    'ALTER TABLE quotes ADD COLUMN segment text',
    `ALTER TABLE quotes ADD COLUMN goods_value ${type.real}`,
    'ALTER TABLE quotes ADD COLUMN frequency text',
    `ALTER TABLE suspects ADD COLUMN kind text NOT NULL DEFAULT 'contact'`,
  ],
  // Issue 55. The first admin's setup, claimed once for the whole site: every replica prints a
  // setup link, and the first one used inserts the one row (id 1); any other link then finds the
  // setup done, whichever replica it reaches. A site that already has an admin has had its setup.
  // The challenges by expiry: each new one drops the expired and the oldest past a cap.
  (type) => [
    'CREATE INDEX webauthn_challenges_expiry ON webauthn_challenges (expires_at)',
    `CREATE TABLE setup_claims (id integer PRIMARY KEY, claimed_at ${type.timestamp} NOT NULL)`,
    `INSERT INTO setup_claims (id, claimed_at)
     SELECT 1, CURRENT_TIMESTAMP WHERE EXISTS (SELECT 1 FROM members WHERE role = 'admin' AND revoked_at IS NULL)`,
  ],
  // When a held post was released from the Suspeitos folder into a lead (null for every other lead):
  // the promise's clock starts there, not at its arrival, and the inbox marks it (docs/requirements.md §10.9,
  // docs/decisions/045-spam-fairness.md). Both kinds have it, so that the inbox reads them alike.
  // The clock's views and counts read CLOCK_START, indexed as they read it.
  (type) =>
    ['contacts', 'quotes'].flatMap((table) => [
      `ALTER TABLE ${table} ADD COLUMN released_at ${type.timestamp}`,
      `CREATE INDEX ${table}_clock ON ${table} (status, (${CLOCK_START}))`,
    ]),
  // An invitation made while e-mail is off carries a code of its own, which whoever invited reads out
  // by another way (a call, in person): the link alone enrols nobody (docs/requirements.md §6.3). Five tries, as a
  // mailed code's; then the invitation is spent.
  () => [
    'ALTER TABLE invitations ADD COLUMN code_digest text',
    'ALTER TABLE invitations ADD COLUMN code_attempts integer NOT NULL DEFAULT 0',
  ],
  // The job openings (docs/requirements.md §6.5, server/careers/): open while closed_at is NULL. Never deleted, so
  // that an application keeps the position it named; each `…_by` is the member who acted.
  (type) => [
    `CREATE TABLE positions (
       seq ${type.seq},
       id ${type.uuid} NOT NULL UNIQUE,
       title text NOT NULL,
       city text NOT NULL,
       uf text NOT NULL,
       kind text NOT NULL,
       requirements text NOT NULL,
       created_at ${type.timestamp} NOT NULL,
       created_by ${type.uuid},
       updated_at ${type.timestamp} NOT NULL,
       updated_by ${type.uuid},
       closed_at ${type.timestamp},
       closed_by ${type.uuid}
     )`,
  ],
  // The proposal (docs/requirements.md §9.6, docs/decisions/047-proposals.md): what sales
  // offers a quote's customer, priced in centavos, answered once on a page reached by a token stored
  // only as its SHA-256. `answer` is set by one conditional UPDATE, so that of two acceptances at once
  // on two replicas one wins. A price under the ANTT floor keeps the floor and act it was checked
  // against, and the admin's reason that let it through. A quote won records when (`won_at`).
  (type) => [
    `CREATE TABLE proposals (
       seq ${type.seq},
       id ${type.uuid} NOT NULL UNIQUE,
       quote_id ${type.uuid} NOT NULL,
       token_digest text NOT NULL UNIQUE,
       price_cents integer NOT NULL,
       includes_toll integer NOT NULL,
       includes_insurance integer NOT NULL,
       includes_icms integer NOT NULL,
       includes_text text,
       valid_until ${type.date} NOT NULL,
       pickup_from ${type.date} NOT NULL,
       pickup_to ${type.date} NOT NULL,
       conditions text,
       floor_cents integer,
       floor_act text,
       override_reason text,
       override_by ${type.uuid},
       created_by ${type.uuid} NOT NULL,
       created_at ${type.timestamp} NOT NULL,
       sent_at ${type.timestamp},
       viewed_at ${type.timestamp},
       answered_at ${type.timestamp},
       answer text,
       answer_reason text,
       accepted_by text
     )`,
    'CREATE INDEX proposals_quote ON proposals (quote_id, seq)',
    'CREATE INDEX proposals_sent ON proposals (sent_at)',
    `ALTER TABLE quotes ADD COLUMN won_at ${type.timestamp}`,
  ],
  // Issue 56: job applications, apart from the leads (never in the sales clock, report or webhooks).
  // The CV's bytes in a table of their own, so that a list never reads them, stored in the database
  // that every replica shares; each goes with its application (server/personal-data/). A note is the
  // recruiters' own; `held` marks one the spam quarantine judged suspect, with its reasons.
  (type) => [
    `CREATE TABLE applications (
       seq ${type.seq},
       id ${type.uuid} NOT NULL UNIQUE,
       created_at ${type.timestamp} NOT NULL,
       name text NOT NULL,
       email text NOT NULL,
       phone text NOT NULL,
       city text NOT NULL,
       state text NOT NULL,
       position_id ${type.uuid},
       talent_pool integer NOT NULL,
       cnh text,
       experience ${type.json} NOT NULL,
       mopp integer NOT NULL,
       message text,
       stage text NOT NULL,
       stage_at ${type.timestamp} NOT NULL,
       held_reasons ${type.json},
       cv_name text NOT NULL,
       cv_size integer NOT NULL
     )`,
    'CREATE INDEX applications_email ON applications (lower(email))',
    'CREATE INDEX applications_created ON applications (created_at)',
    `CREATE TABLE application_files (
       application_id ${type.uuid} PRIMARY KEY,
       bytes ${type.bytes} NOT NULL
     )`,
    `CREATE TABLE application_notes (
       seq ${type.seq},
       application_id ${type.uuid} NOT NULL,
       author text NOT NULL,
       body text NOT NULL,
       created_at ${type.timestamp} NOT NULL
     )`,
    'CREATE INDEX application_notes_by ON application_notes (application_id)',
  ],
  // Whose a lead was until their access was revoked (docs/requirements.md §6.3): the inbox's owner
  // filter still finds the leads a revoked member handed over by that member's name.
  (type) => ['contacts', 'quotes'].map((table) => `ALTER TABLE ${table} ADD COLUMN former_owner_id ${type.uuid}`),
  // Shipments and their events (docs/requirements.md §12; docs/decisions/064-shipments.md).
  // A shipment keeps its current status and the time of its last event beside the events, kept in its
  // events' transaction, so that the Embarques page and /rastreio read one row. Every driver's link
  // issued is kept (its digest), so that one ended or replaced answers 'encerrado', not 'not found'; the
  // events are never
  // updated but for what an erasure takes (notes, the recipient). `dedupe_key` makes a sender's event
  // one event however often it comes. The keys are found by their digits (CT-e, NF-e) and by the
  // CNPJ and number an NF-e key carries; the photos sit apart, so that no list reads their bytes.
  // A proposal gains its prazo de entrega (§12.4), NULL for those written before it.
  (type) => [
    `CREATE TABLE shipments (
       seq ${type.seq},
       id ${type.uuid} NOT NULL UNIQUE,
       code text NOT NULL UNIQUE,
       quote_id ${type.uuid},
       proposal_id ${type.uuid} UNIQUE,
       customer_name text,
       customer_email text,
       customer_company text,
       customer_cnpj text,
       recipient_cnpj text,
       origin_code text,
       origin_city text NOT NULL,
       origin_state text NOT NULL,
       destination_code text,
       destination_city text NOT NULL,
       destination_state text NOT NULL,
       cargo_type text,
       weight_tons ${type.real},
       pickup_from ${type.date} NOT NULL,
       pickup_to ${type.date} NOT NULL,
       delivery_days integer,
       promised_date ${type.date},
       vehicle_plate text,
       vehicle_class text,
       driver_name text,
       driver_phone text,
       driver_email text,
       status text NOT NULL,
       status_at ${type.timestamp},
       last_event_at ${type.timestamp},
       delivered_at ${type.timestamp},
       notices integer NOT NULL DEFAULT 1,
       notices_token text UNIQUE,
       proof_digest text UNIQUE,
       created_by text NOT NULL,
       created_at ${type.timestamp} NOT NULL,
       updated_at ${type.timestamp} NOT NULL,
       erased_at ${type.timestamp}
     )`,
    'CREATE INDEX shipments_board ON shipments (status, promised_date)',
    'CREATE INDEX shipments_created ON shipments (created_at)',
    'CREATE INDEX shipments_customer_email ON shipments (lower(customer_email))',
    'CREATE INDEX shipments_driver_email ON shipments (lower(driver_email))',
    `CREATE TABLE shipment_keys (
       seq ${type.seq},
       shipment_id ${type.uuid} NOT NULL,
       kind text NOT NULL,
       digits text NOT NULL UNIQUE,
       cnpj text NOT NULL,
       number text NOT NULL,
       created_at ${type.timestamp} NOT NULL
     )`,
    'CREATE INDEX shipment_keys_of ON shipment_keys (shipment_id)',
    'CREATE INDEX shipment_keys_number ON shipment_keys (number, cnpj)',
    `CREATE TABLE shipment_events (
       seq ${type.seq},
       id ${type.uuid} NOT NULL UNIQUE,
       shipment_id ${type.uuid} NOT NULL,
       kind text NOT NULL,
       occurred_at ${type.timestamp} NOT NULL,
       recorded_at ${type.timestamp} NOT NULL,
       municipality_code text,
       municipality text,
       audience text NOT NULL,
       note text,
       recorded_by_kind text NOT NULL,
       recorded_by text,
       refers_to ${type.uuid},
       recipient_name text,
       recipient_document text,
       mailed integer NOT NULL DEFAULT 0,
       dedupe_key text NOT NULL UNIQUE
     )`,
    'CREATE INDEX shipment_events_of ON shipment_events (shipment_id, occurred_at)',
    `CREATE TABLE shipment_photos (
       seq ${type.seq},
       id ${type.uuid} NOT NULL UNIQUE,
       shipment_id ${type.uuid} NOT NULL,
       event_id ${type.uuid} NOT NULL,
       bytes ${type.bytes} NOT NULL,
       width integer NOT NULL,
       height integer NOT NULL,
       created_at ${type.timestamp} NOT NULL
     )`,
    'CREATE INDEX shipment_photos_of ON shipment_photos (shipment_id)',
    `CREATE TABLE driver_links (
       digest text PRIMARY KEY,
       shipment_id ${type.uuid} NOT NULL,
       issued_at ${type.timestamp} NOT NULL,
       ended_at ${type.timestamp}
     )`,
    'CREATE INDEX driver_links_of ON driver_links (shipment_id)',
    `CREATE TABLE integrations (
       seq ${type.seq},
       id ${type.uuid} NOT NULL UNIQUE,
       name text NOT NULL,
       token_digest text NOT NULL UNIQUE,
       signing_secret text NOT NULL,
       created_by ${type.uuid} NOT NULL,
       created_at ${type.timestamp} NOT NULL,
       revoked_at ${type.timestamp},
       revoked_by ${type.uuid}
     )`,
    'ALTER TABLE proposals ADD COLUMN delivery_days integer',
  ],
  // A proposal is sent once (docs/requirements.md §9.6): the key its form was drawn with, unique per
  // quote, so that a double tap on "Enviar proposta", on one replica or two, stores one proposal.
  () => [
    'ALTER TABLE proposals ADD COLUMN form_key text',
    'CREATE UNIQUE INDEX proposals_form_key ON proposals (quote_id, form_key)',
  ],
];

/**
 * Where a lead's promise clock starts: its release from the Suspeitos folder, or else its arrival.
 * Indexed as written by the migration above: change it only with a migration that rebuilds the index.
 */
export const CLOCK_START = 'COALESCE(released_at, created_at)';

/**
 * What the inbox's search reads of each kind of lead (docs/requirements.md §6.4: name, e-mail, phone, company and the
 * message; a quote's cities too), as one text per row, `row` naming the row ('new.' in a trigger).
 * Built into the indexes by the inbox's migration: change it only with a migration that rebuilds them.
 */
export const SEARCHED = {
  contacts: (row: string) => joined(row, ['name', 'email', 'phone', 'company', 'message']),
  quotes: (row: string) =>
    joined(row, ['name', 'email', 'phone', 'company', 'origin_city', 'destination_city', 'notes']),
};

function joined(row: string, columns: readonly string[]) {
  return columns.map((column) => `coalesce(${row}${column}, '')`).join(` || ' ' || `);
}
