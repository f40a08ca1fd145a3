/**
 * Receives a registry upload: the multipart file is streamed to a temporary file while its bytes are counted
 * (memory does not grow with the file), the text fields are collected, and the content is checked by its first
 * bytes, never by the name. The caller removes the temporary file (`discard`) whatever happens.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { REGISTRY_MAX_BYTES, REGISTRY_MAX_MB } from '@etp/domain';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../http/errors.ts';
import { isOutOfSpace, outOfSpace } from '../../../http/outOfSpace.ts';
import { REGISTRY_MESSAGES } from '../registries.messages.ts';

export interface ReceivedUpload {
  fields: Record<string, string>;
  /** The temporary file, or null when no file part came. */
  path: string | null;
  fileName: string | null;
  bytes: number;
  /** A file part came with no bytes at all (told apart from no file). */
  empty?: boolean;
}

const tooLarge = () =>
  new AppError(413, 'too_large', REGISTRY_MESSAGES.tooLarge(REGISTRY_MAX_MB), {
    source: [REGISTRY_MESSAGES.tooLarge(REGISTRY_MAX_MB)],
  });

const wrongFormat = () =>
  new AppError(422, 'validation_failed', REGISTRY_MESSAGES.wrongFormat, {
    source: [REGISTRY_MESSAGES.wrongFormat],
  });

const badForm = () => new AppError(400, 'bad_request', 'Неверный формат формы');

function tempRegistryPath(): string {
  return join(tmpdir(), `etp-registry-${process.pid}-${randomBytes(8).toString('hex')}.xlsx`);
}

export async function discard(path: string | null): Promise<void> {
  if (path) await rm(path, { force: true });
}

/** Reads the multipart form: text fields and the one file of field `fileField`, streamed to disk. */
export async function receiveUpload(request: FastifyRequest, fileField = 'source'): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw badForm();
  const fields: Record<string, string> = {};
  let path: string | null = null;
  let fileName: string | null = null;
  let bytes = 0;
  try {
    const parts = request.parts({
      // One byte over the limit is what tells "too large" apart from "exactly the limit".
      limits: { fileSize: REGISTRY_MAX_BYTES + 1, files: 1, fields: 20, fieldSize: 4096, parts: 30 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated || typeof part.value !== 'string') throw badForm();
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== fileField || path) {
        part.file.resume();
        throw badForm();
      }
      path = tempRegistryPath();
      fileName = part.filename;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          if (bytes > REGISTRY_MAX_BYTES) done(tooLarge());
          else done(null, chunk);
        },
      });
      try {
        await pipeline(part.file, counter, createWriteStream(path));
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        if (isOutOfSpace(error)) throw outOfSpace();
        throw error;
      }
      if (part.file.truncated) throw tooLarge();
    }
  } catch (error) {
    await discard(path);
    throw error;
  }
  if (path && bytes === 0) {
    await discard(path);
    return { fields, path: null, fileName, bytes: 0, empty: true };
  }
  return { fields, path, fileName, bytes };
}

const OLE2 = Buffer.from('d0cf11e0a1b11ae1', 'hex');

/**
 * Refuses what is neither a zip archive nor an OLE2 compound file by its signature (a CSV, a PDF...). An OLE2 file
 * goes on to the file worker, which tells a legacy .xls from a password-protected workbook.
 */
export async function assertZipSignature(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(8);
    const { bytesRead } = await handle.read(head, 0, 8, 0);
    if (bytesRead === 8 && head.equals(OLE2)) return;
    if (bytesRead < 4 || head.readUInt32LE(0) !== 0x04034b50) throw wrongFormat();
  } finally {
    await handle.close();
  }
}
