/**
 * Reads a form call that may come as multipart (with files) or as JSON (without): field names in bracket
 * notation ('bank_account[bik]', 'documents_attributes[0][file]', 'emails[]') become nested objects and
 * arrays, files are read into memory up to their field's limit, checked as their bytes arrive. Files answer 413 on
 * their field when too large.
 */
import type { FastifyRequest } from 'fastify';
import type { ZodType, z } from 'zod';
import { AppError, validationFailed } from './errors.ts';

export interface UploadedFile {
  /** The field path without indices' brackets: ['documents_attributes', '0', 'file']. */
  path: string[];
  fileName: string;
  bytes: Buffer;
}

export interface FormLimits {
  /** Top-level field name → the largest file it takes, in bytes. Files of other fields are refused. */
  files: Record<string, { maxBytes: number; message: string }>;
  maxFiles: number;
  /** All the form's files together (spec 1 §5: documents at most 100 MB in total). */
  maxTotalBytes?: { bytes: number; message: string };
}

export interface ParsedForm {
  fields: Record<string, unknown>;
  files: UploadedFile[];
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const badForm = () => new AppError(400, 'bad_request', 'Неверный формат формы');

/** 'a[b][0][]' → ['a', 'b', '0', '']. */
function fieldPath(name: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
  if (!match) throw badForm();
  const rest = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '');
  const path = [match[1]!, ...rest];
  if (path.length > 5 || path.some((p) => FORBIDDEN_KEYS.has(p))) throw badForm();
  return path;
}

type Tree = Record<string, unknown>;

function assign(tree: Tree, path: string[], value: unknown): void {
  let node = tree;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i] === '' ? String(Object.keys(node).length) : path[i]!;
    const next = node[key];
    if (next === undefined) node[key] = {};
    else if (typeof next !== 'object' || next === null) throw badForm();
    node = node[key] as Tree;
  }
  const last = path[path.length - 1]!;
  node[last === '' ? String(Object.keys(node).length) : last] = value;
}

/** Objects whose keys are all indices become arrays ('emails[]', 'documents_attributes[0]'). */
function arrays(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const entries = Object.entries(value as Tree).map(([k, v]) => [k, arrays(v)] as const);
  if (entries.length > 0 && entries.every(([k]) => /^\d{1,3}$/.test(k))) {
    const list: unknown[] = [];
    for (const [k, v] of entries) list[Number(k)] = v;
    return list;
  }
  return Object.fromEntries(entries);
}

export async function readForm(request: FastifyRequest, limits: FormLimits): Promise<ParsedForm> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body)))
      throw badForm();
    return { fields: (body ?? {}) as Tree, files: [] };
  }
  const maxBytes = Math.max(0, ...Object.values(limits.files).map((l) => l.maxBytes));
  const tree: Tree = {};
  const files: UploadedFile[] = [];
  let total = 0;
  const parts = request.parts({
    limits: { fileSize: maxBytes, files: limits.maxFiles, fields: 300, fieldSize: 64 * 1024, parts: 400 },
  });
  for await (const part of parts) {
    const path = fieldPath(part.fieldname);
    if (part.type === 'field') {
      if (part.valueTruncated) throw badForm();
      assign(tree, path, typeof part.value === 'string' ? part.value : String(part.value));
      continue;
    }
    const limit = limits.files[path[0]!];
    if (!limit) {
      part.file.resume();
      throw badForm();
    }
    // The field's own limit is checked as the bytes arrive: a file past it is refused at that byte, never held
    // whole (the form's limit is the largest field's, so a 30 MB "logo" would otherwise be read to the end).
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > limit.maxBytes) {
          part.file.resume();
          throw tooLarge(path, limit.message);
        }
        if (limits.maxTotalBytes && total + size > limits.maxTotalBytes.bytes) {
          part.file.resume();
          throw tooLarge([path[0]!], limits.maxTotalBytes.message);
        }
        chunks.push(chunk);
      }
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(path, limit.message);
      throw error;
    }
    if (part.file.truncated) throw tooLarge(path, limit.message);
    total += size;
    const bytes = Buffer.concat(chunks, size);
    // An empty file input is sent as a part without a name and without bytes: nothing was chosen.
    if (bytes.length === 0 && !part.filename) continue;
    files.push({ path, fileName: part.filename, bytes });
  }
  return { fields: arrays(tree) as Tree, files };
}

function tooLarge(path: string[], message: string): AppError {
  return new AppError(413, 'too_large', message, { [path.join('.')]: [message] });
}

/** Zod issues as the envelope's field errors; `rename` maps a field to the key the screen shows it on. */
export function fieldErrorsOf(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  rename: Record<string, string> = {},
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.') || 'base';
    const key = rename[path] ?? path;
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

/** Parses form fields with a zod schema; failures answer 422 with every field's Russian text. */
export function parseFields<S extends ZodType>(schema: S, fields: unknown): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  throw validationFailed(fieldErrorsOf(parsed.error.issues));
}
