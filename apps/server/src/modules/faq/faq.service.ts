/**
 * The FAQ of a procedure (spec 2 §2 "FAQ tab", §6, §7; decisions/0115): participants ask while it is ready or
 * active, administrators add, edit, delete and publish, and the asker learns when the answer is published.
 */
import { FAQ_MESSAGES, type Question, type QuestionsPage } from '@etp/contracts';
import {
  canAskQuestion,
  canManageQuestions,
  DOCUMENT_FORMATS,
  type FaqViewer,
  questionState,
  seesEveryQuestion,
} from '@etp/domain';
import type { AppContext } from '../../appContext.ts';
import type { Tx } from '../../db/client.ts';
import type { BriefcaseStatusColumn } from '../../db/schema/index.ts';
import { conflict, forbidden, notFound, validationFailed } from '../../http/errors.ts';
import type { UploadedFile } from '../../http/form.ts';
import { storageOf } from '../../storage/storageOf.ts';
import { type AuthContext, isAdmin } from '../auth/guards/routeGuards.ts';
import { requireOpenBriefcase } from '../briefcases/access/viewerAccess.ts';
import { isMaster } from '../briefcases/briefcases.policy.ts';
import { EVENT_TEXTS } from '../events/events.messages.ts';
import { recordCompanyEvent, recordEvent } from '../events/events.service.ts';
import {
  assertSafeArchive,
  dropFiles,
  formatOf,
  newFileKey,
  withStoredFiles,
} from '../files/files.service.ts';
import { publishQuestionChange } from './faq.live.ts';
import { FAQ_TEXTS as T } from './faq.messages.ts';
import { presentQuestion, type QuestionViewer } from './faq.presenter.ts';
import {
  countQuestions,
  deleteDocument,
  deleteQuestion,
  findQuestion,
  findQuestionsPage,
  insertQuestion,
  insertQuestionDocument,
  type QuestionDocumentRow,
  type QuestionRow,
  type QuestionWithDocument,
  updateQuestion,
} from './faq.queries.ts';

export interface FaqAccess {
  briefcaseId: number;
  /** The seller: its users are told of each participant's question. */
  companyId: number;
  status: BriefcaseStatusColumn;
  viewer: FaqViewer;
  reader: QuestionViewer;
}

/** The procedure when the user may open its card (404 / 403 otherwise), and who they are to its FAQ. */
export async function faqAccess(ctx: AppContext, auth: AuthContext, id: number): Promise<FaqAccess> {
  const access = await requireOpenBriefcase(ctx.db, auth, id);
  const briefcase = access.row.briefcase;
  const viewer = { admin: isAdmin(auth), master: isMaster(auth, briefcase) };
  return {
    briefcaseId: id,
    companyId: briefcase.companyId,
    status: briefcase.status,
    viewer,
    reader: { userId: auth.user.id, seesEverything: seesEveryQuestion(viewer) },
  };
}

/** Refuses anyone but an administrator (403). */
export function requireManager(access: FaqAccess): void {
  if (!canManageQuestions(access.viewer)) throw forbidden(T.adminOnly);
}

/** Refuses a question from the seller (403) or outside ready and active (409); administrators add instead. */
export function requireAsker(access: FaqAccess): void {
  if (canManageQuestions(access.viewer) || canAskQuestion(access.viewer, access.status)) return;
  if (access.viewer.master) throw forbidden(T.ownerCannotAsk);
  throw conflict(T.askClosed);
}

export async function questionsPage(
  ctx: AppContext,
  access: FaqAccess,
  page: number,
  perPage: number,
): Promise<QuestionsPage> {
  const participant = access.reader.seesEverything ? null : access.reader.userId;
  const [rows, total] = await Promise.all([
    findQuestionsPage(ctx.db, access.briefcaseId, participant, {
      limit: perPage,
      offset: (page - 1) * perPage,
    }),
    countQuestions(ctx.db, access.briefcaseId, participant),
  ]);
  return {
    questions: rows.map((row) => presentQuestion(row, access.reader)),
    total_pages: Math.max(1, Math.ceil(total / perPage)),
    total_count: total,
    page,
    per_page: perPage,
    can_ask: canAskQuestion(access.viewer, access.status),
    can_manage: canManageQuestions(access.viewer),
  };
}

export interface QuestionInput {
  title?: string;
  answer?: string | null;
  /** draft keeps the answer from participants, answered publishes it; absent keeps the publication as it is. */
  status?: 'draft' | 'answered';
  document?: UploadedFile;
  removeDocument?: boolean;
}

/** A participant's question: its title alone, unanswered and unpublished until an administrator answers it. */
export async function askQuestion(
  ctx: AppContext,
  auth: AuthContext,
  access: FaqAccess,
  title: string,
): Promise<Question> {
  requireAsker(access);
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const question = await insertQuestion(tx, {
      briefcaseId: access.briefcaseId,
      authorUserId: auth.user.id,
      title,
      status: 'unanswered',
      active: false,
      createdAt: now,
      updatedAt: now,
    });
    // The seller answers questions (spec 2 §1): each of its users is told one was asked (decisions/0147).
    await recordCompanyEvent(tx, access.companyId, {
      kind: 'question_asked',
      text: EVENT_TEXTS.questionAsked(access.briefcaseId, title),
      briefcaseId: access.briefcaseId,
      payload: { question_id: question.id },
      at: now,
    });
    return question;
  });
  await publishQuestionChange(ctx, {
    briefcaseId: access.briefcaseId,
    questionId: row.id,
    change: 'created',
    wasPublished: false,
    isPublished: false,
    authorUserId: row.authorUserId,
  });
  return presentQuestion({ question: row, document: null }, access.reader);
}

/** An administrator's question, with its answer and document when given, published when status is answered. */
export async function addQuestion(
  ctx: AppContext,
  auth: AuthContext,
  access: FaqAccess,
  input: QuestionInput & { title: string },
): Promise<Question> {
  requireManager(access);
  const state = questionState(input.answer ?? null, input.status === 'answered');
  if (!state) throw validationFailed({ answer: [FAQ_MESSAGES.answerToPublish] });
  const file = await prepareDocument(input.document, access.briefcaseId);
  const now = ctx.now();
  const saved = await withStoredFiles(storageOf(ctx), file ? [file] : [], () =>
    ctx.db.transaction(async (tx) => {
      const document = file ? await storeDocument(tx, auth, access.briefcaseId, file, now) : null;
      const question = await insertQuestion(tx, {
        briefcaseId: access.briefcaseId,
        authorUserId: auth.user.id,
        title: input.title,
        answer: input.answer ?? null,
        ...state,
        attachedDocumentId: document?.id ?? null,
        publishedAt: state.active ? now : null,
        createdAt: now,
        updatedAt: now,
      });
      return { question, document };
    }),
  );
  await publishQuestionChange(ctx, {
    briefcaseId: access.briefcaseId,
    questionId: saved.question.id,
    change: 'created',
    wasPublished: false,
    isPublished: saved.question.active,
    authorUserId: saved.question.authorUserId,
  });
  return presentQuestion(saved, access.reader);
}

/**
 * An administrator edits a question: what is given changes. Publishing needs an answer; the first publication
 * tells the asker (an event), later ones do not. A replaced or removed document is deleted after the commit.
 */
export async function editQuestion(
  ctx: AppContext,
  auth: AuthContext,
  access: FaqAccess,
  questionId: number,
  input: QuestionInput,
): Promise<Question> {
  requireManager(access);
  const file = await prepareDocument(input.document, access.briefcaseId);
  const now = ctx.now();
  const dropped: string[] = [];
  let wasPublished = false;
  const saved = await withStoredFiles(storageOf(ctx), file ? [file] : [], () =>
    ctx.db.transaction(async (tx) => {
      const current = await findQuestion(tx, access.briefcaseId, questionId, true);
      if (!current) throw notFound(T.questionNotFound);
      const q = current.question;
      wasPublished = q.active;
      const answer = input.answer !== undefined ? input.answer : q.answer;
      const state = questionState(answer, input.status ? input.status === 'answered' : q.active);
      if (!state) throw validationFailed({ answer: [FAQ_MESSAGES.answerToPublish] });

      let document: QuestionDocumentRow | null = current.document;
      if (current.document && (file || input.removeDocument)) {
        await deleteDocument(tx, current.document.id);
        dropped.push(current.document.storageKey);
        document = null;
      }
      if (file) document = await storeDocument(tx, auth, access.briefcaseId, file, now);

      const firstPublication = state.active && q.publishedAt === null;
      const question = await updateQuestion(tx, q.id, {
        title: input.title ?? q.title,
        answer,
        ...state,
        attachedDocumentId: document?.id ?? null,
        publishedAt: firstPublication ? now : q.publishedAt,
        updatedAt: now,
      });
      if (firstPublication) await tellAsker(tx, question, auth, now);
      return { question, document };
    }),
  );
  await dropFiles(storageOf(ctx), dropped);
  await publishQuestionChange(ctx, {
    briefcaseId: access.briefcaseId,
    questionId: saved.question.id,
    change: 'updated',
    wasPublished,
    isPublished: saved.question.active,
    authorUserId: saved.question.authorUserId,
  });
  return presentQuestion(saved, access.reader);
}

export async function removeQuestion(ctx: AppContext, access: FaqAccess, questionId: number): Promise<void> {
  requireManager(access);
  const removed = await ctx.db.transaction(async (tx) => {
    const current = await findQuestion(tx, access.briefcaseId, questionId, true);
    if (!current) throw notFound(T.questionNotFound);
    await deleteQuestion(tx, current.question.id);
    if (current.document) await deleteDocument(tx, current.document.id);
    return current;
  });
  await dropFiles(storageOf(ctx), [removed.document?.storageKey ?? null]);
  await publishQuestionChange(ctx, {
    briefcaseId: access.briefcaseId,
    questionId: removed.question.id,
    change: 'deleted',
    wasPublished: removed.question.active,
    isPublished: false,
    authorUserId: removed.question.authorUserId,
  });
}

/** The attached document of a question the viewer sees published (or anything, for the seller and admins). */
export async function questionDocument(
  ctx: AppContext,
  access: FaqAccess,
  questionId: number,
): Promise<QuestionDocumentRow> {
  const row: QuestionWithDocument | null = await findQuestion(ctx.db, access.briefcaseId, questionId);
  if (!row?.document || !(access.reader.seesEverything || row.question.active)) {
    throw notFound(T.documentNotFound);
  }
  return row.document;
}

interface PreparedDocument {
  key: string;
  bytes: Buffer;
  file: UploadedFile;
  format: (typeof DOCUMENT_FORMATS)[number];
}

/** Checks an attached document by its content (format, archive limits) before anything is stored. */
async function prepareDocument(
  file: UploadedFile | undefined,
  briefcaseId: number,
): Promise<PreparedDocument | null> {
  if (!file) return null;
  const format = formatOf(file, DOCUMENT_FORMATS, T.documentFormat);
  await assertSafeArchive(file, format, { broken: T.documentBroken, tooLarge: T.documentUnpackedTooLarge });
  return { key: newFileKey('question_documents', briefcaseId, format), bytes: file.bytes, file, format };
}

function storeDocument(
  tx: Tx,
  auth: AuthContext,
  briefcaseId: number,
  doc: PreparedDocument,
  now: Date,
): Promise<QuestionDocumentRow> {
  const dot = doc.file.fileName.lastIndexOf('.');
  const base = (dot > 0 ? doc.file.fileName.slice(0, dot) : doc.file.fileName).slice(0, 200) || 'Документ';
  return insertQuestionDocument(tx, {
    briefcaseId,
    uploadedByUserId: auth.user.id,
    kind: 'question_document',
    title: base,
    name: `${base}.${doc.format}`,
    extension: doc.format,
    bytesSize: doc.bytes.length,
    storageKey: doc.key,
    createdAt: now,
  });
}

/** The event "question answered" for the one who asked, unless they answered it themselves. */
async function tellAsker(tx: Tx, question: QuestionRow, auth: AuthContext, at: Date): Promise<void> {
  if (question.authorUserId === null || question.authorUserId === auth.user.id) return;
  await recordEvent(tx, question.authorUserId, {
    kind: 'question_answered',
    text: EVENT_TEXTS.questionAnswered(question.briefcaseId, question.title),
    briefcaseId: question.briefcaseId,
    payload: { question_id: question.id },
    at,
  });
}
