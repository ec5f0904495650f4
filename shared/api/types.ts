import type { Contact } from '../contact';
import type { Quote } from '../quote';

/** The reply envelope every /api endpoint uses; shared by the server and the client. */
export type ApiSuccess<T> = { success: true; message: string; data: T };

export type ApiFailure = { success: false; message: string; errors?: Record<string, string> };

export type Created = { id: string; createdAt: string };

/** GET /api/subjects: everything stored under one e-mail address (docs/requirements.md §10.17). */
export type SubjectData = { contacts: Contact[]; quotes: Quote[] };

/** DELETE /api/subjects: how many of each were erased. */
export type Erased = { contacts: number; quotes: number };

type Pagination = { page: number; limit: number; total: number; totalPages: number };

export type PageReply<T> = { success: true; data: T[]; pagination: Pagination };

export type PageQuery = { page?: number; limit?: number };
