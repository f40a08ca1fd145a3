/**
 * A registry upload's reply (spec 1 §7): ok with data, or status error with errors, report_id and
 * personal_data_found. Shared by every call that takes or re-checks a registry: creating a procedure, replacing
 * its registry, matching, the personal-data flow and the custom-template lotting.
 */
import type { RegistryUploadData } from '@etp/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../../../http/envelope.ts';
import { AppError } from '../../../http/errors.ts';
import { isOutOfSpace, outOfSpace } from '../../../http/outOfSpace.ts';
import { REGISTRY_MESSAGES as M } from '../registries.messages.ts';
import { discard, type ReceivedUpload, receiveUpload } from './receive.ts';

/** An upload answered with status error: the HTTP code, message, field errors and the reply's data. */
export class RegistryRefusal extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors: Record<string, string[]>,
    readonly data: RegistryUploadData,
  ) {
    super(message);
  }
}

export interface UploadResult {
  message: string;
  data: RegistryUploadData;
}

export const emptyUploadData = (briefcaseId: number | null): RegistryUploadData => ({
  briefcase_id: briefcaseId,
  items_count: 0,
  lots_count: 0,
  excel_custom: false,
  personal_data_found: false,
  personal_data: [],
  report_id: null,
  errors_count: 0,
  preview: null,
  warnings: [],
});

export interface UploadAnswer {
  code: number;
  body: Record<string, unknown>;
}

function refusalAnswer(error: RegistryRefusal): UploadAnswer {
  return {
    code: error.statusCode,
    body: {
      status: 'error',
      data: error.data,
      message: error.message,
      errors: error.errors,
      code: error.data.personal_data_found ? 'personal_data_found' : 'validation_failed',
      report_id: error.data.report_id,
      personal_data_found: error.data.personal_data_found,
    },
  };
}

/**
 * An upload's outcome as the spec's reply: ok with data, or status error with errors, report_id and
 * personal_data_found (also for a file refused before processing: too large, not an xlsx).
 */
export async function uploadAnswer(run: () => Promise<UploadResult>): Promise<UploadAnswer> {
  try {
    const result = await run();
    return {
      code: 200,
      body: {
        ...ok(result.data, result.message),
        report_id: result.data.report_id,
        personal_data_found: result.data.personal_data_found,
      },
    };
  } catch (error) {
    if (error instanceof RegistryRefusal) return refusalAnswer(error);
    if (isOutOfSpace(error)) {
      const full = outOfSpace();
      return refusalAnswer(
        new RegistryRefusal(full.statusCode, full.message, full.errors, emptyUploadData(null)),
      );
    }
    if (
      error instanceof AppError &&
      (error.code === 'too_large' || error.code === 'no_space' || error.message === M.wrongFormat)
    ) {
      return refusalAnswer(
        new RegistryRefusal(error.statusCode, error.message, error.errors, emptyUploadData(null)),
      );
    }
    throw error;
  }
}

/** Sends an upload's answer with its status code. */
export const sendUploadAnswer = (reply: FastifyReply, answer: UploadAnswer) =>
  reply.code(answer.code).send(answer.body);

/** Receives the multipart upload, runs `run` with it, removes the temporary file, then answers. */
export async function withUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  run: (upload: ReceivedUpload & { path: string }) => Promise<UploadResult>,
) {
  let answer: UploadAnswer;
  let upload: ReceivedUpload | null = null;
  try {
    answer = await uploadAnswer(async () => {
      upload = await receiveUpload(request);
      const received = upload;
      if (received.empty) {
        const message = M.emptyFile(received.fileName);
        throw new RegistryRefusal(422, message, { source: [message] }, emptyUploadData(null));
      }
      if (!received.path)
        throw new AppError(422, 'validation_failed', M.fileRequired, { source: [M.fileRequired] });
      return run({ ...received, path: received.path });
    });
  } finally {
    await discard((upload as ReceivedUpload | null)?.path ?? null);
  }
  return sendUploadAnswer(reply, answer);
}
