import { z } from 'zod';
import type { Contact } from '../contact';
import type { ProposalTerms } from '../proposal';
import type { Quote } from '../quote';
import type { SuspectReason, SuspectState } from '../spam';

// The reply envelope every /api endpoint uses (docs/requirements.md §10.1), defined once as zod
// schemas: the server's OpenAPI document is generated from them (server/openapi/parts.ts), and the
// types the server and the client share are inferred from them.

// An `id` in a schema's meta makes it a component of the OpenAPI document, referred to by $ref.

export const createdSchema = z.object({ id: z.uuid(), createdAt: z.iso.datetime() }).meta({ id: 'Created' });

/**
 * DELETE /api/subjects: how many of each were erased, and what the erasure could not reach (docs/requirements.md
 * §10.17): the leads whose notification went to the sales mailbox, whether the CRM was told, and the
 * operator's remaining steps in Portuguese.
 */
export const erasedSchema = z
  .object({
    contacts: z.int().min(0),
    quotes: z.int().min(0),
    suspects: z.int().min(0),
    applications: z.int().min(0).meta({ description: 'Candidaturas a vagas, com o currículo e as notas' }),
    shipments: z
      .int()
      .min(0)
      .meta({ description: 'Embarques de que saíram os dados desta pessoa; o registro fiscal fica' }),
    kept: z.string().optional().meta({ description: 'O que ficou dos embarques, e por quê (lei fiscal)' }),
    mailedLeads: z
      .int()
      .min(0)
      .meta({ description: 'Leads cuja notificação foi enviada à caixa de vendas (LEADS_TO)' }),
    crmNotified: z.boolean().meta({ description: 'Se o webhook subject.erased foi gravado para avisar o CRM' }),
    stillToDo: z.array(z.string()).meta({ description: 'O que o operador ainda precisa fazer fora do site' }),
  })
  .meta({ id: 'Erased' });

const paginationSchema = z
  .object({ page: z.int(), limit: z.int(), total: z.int(), totalPages: z.int() })
  .meta({ id: 'Pagination' });

/** Every failure: a stable code to branch on (server/http/refusals.ts) and a message for people. */
export const failureSchema = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  /** With 412 Precondition Failed: the resource as it now stands. */
  data: z.unknown().optional(),
});

/** A success reply: the data, and a message for people. */
export const successSchema = <D extends z.ZodType>(data: D) =>
  z.object({ success: z.literal(true), data, message: z.string() });

/** One page of a listing, newest first: no message, the items, and what a client needs to page through. */
export const pageSchema = <I extends z.ZodType>(item: I) =>
  z.object({ success: z.literal(true), data: z.array(item), pagination: paginationSchema });

export type ApiSuccess<T> = z.infer<ReturnType<typeof successSchema<z.ZodType<T>>>>;
export type ApiFailure = z.infer<typeof failureSchema>;
export type Created = z.infer<typeof createdSchema>;
export type Erased = z.infer<typeof erasedSchema>;
export type PageReply<T> = z.infer<ReturnType<typeof pageSchema<z.ZodType<T>>>>;

/** GET /api/subjects: everything stored under one e-mail address (docs/requirements.md §10.17). */
export type SubjectData = {
  contacts: Contact[];
  quotes: Quote[];
  suspects: HeldPost[];
  /**
   * Job applications (docs/requirements.md §10.17), each with its CV as base64: the person's access covers the file
   * too.
   */
  applications: SubjectApplication[];
  /** The proposals made on the person's quotes (docs/requirements.md §10.17): what was offered, and the answer. */
  proposals: SubjectProposal[];
  /** The shipments under the address, as the customer's or the driver's (docs/requirements.md §12.11). */
  shipments: unknown[];
};

/** A proposal as its customer's access shows it. */
export type SubjectProposal = ProposalTerms & {
  id: string;
  quoteId: string;
  sentAt?: string;
  viewedAt?: string;
  answeredAt?: string;
  answer?: 'accepted' | 'refused';
  answerReason?: string;
  acceptedBy?: string;
};

/** A job application as its person's access shows it. */
type SubjectApplication = {
  id: string;
  createdAt: string;
  name: string;
  email: string;
  phone: string;
  city: string;
  state: string;
  positionId: string | null;
  talentPool: boolean;
  cnh: string | null;
  experience: Record<string, number>;
  mopp: boolean;
  message: string | null;
  stage: string;
  cv: { name: string; pdfBase64: string };
};

/**
 * A post held in the "Suspeitos" folder, as a person's access shows it (docs/requirements.md §10.17): what they sent,
 * and why it waits.
 */
export type HeldPost = Omit<Contact, 'status'> & { state: SuspectState; reasons: SuspectReason[] };

export type PageQuery = { page?: number; limit?: number };
