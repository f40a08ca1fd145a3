/**
 * The column matching of a custom registry (PUT /api/v1/briefcases/{id}/map_registry, decisions/0201): the
 * seller's `source_map` checked and turned into the column → attribute array, then the kept file ingested with it.
 */
import { ATTRIBUTE_VALUES, type AttributeValue, REGISTRY_ATTRIBUTES, REQUIRED_ATTRIBUTES } from '@etp/domain';
import type { AppContext } from '../../appContext.ts';
import { AppError } from '../../http/errors.ts';
import type { AuthContext } from '../auth/guards/routeGuards.ts';
import { REGISTRY_MESSAGES as M } from './registries.messages.ts';
import { requireManagedBriefcase } from './registries.service.ts';
import type { UploadResult } from './upload/answer.ts';
import { keptRegistryPath } from './upload/keptFiles.ts';
import { runUpload } from './upload/runUpload.ts';

/** Turns a `source_map` body into the column → attribute array, refusing unknown, repeated or missing ones. */
export function parseSourceMap(
  sourceMap: Record<string, string | null>,
  width: number,
): (AttributeValue | null)[] {
  const map: (AttributeValue | null)[] = Array.from({ length: width }, () => null);
  const seen = new Set<string>();
  for (const [column, value] of Object.entries(sourceMap)) {
    if (value === null || value === '') continue;
    const index = Number(column);
    if (!(ATTRIBUTE_VALUES as readonly string[]).includes(value) || index >= width) {
      throw new AppError(422, 'validation_failed', M.unknownAttribute, { source_map: [M.unknownAttribute] });
    }
    if (seen.has(value)) {
      throw new AppError(422, 'validation_failed', M.duplicateAttribute, {
        source_map: [M.duplicateAttribute],
      });
    }
    seen.add(value);
    map[index] = value as AttributeValue;
  }
  const missing = REQUIRED_ATTRIBUTES.filter((v) => !seen.has(v));
  if (missing.length > 0) {
    const names = missing.map((v) => REGISTRY_ATTRIBUTES.find((a) => a.value === v)?.text ?? v).join(', ');
    throw new AppError(422, 'validation_failed', M.requiredUnmatched(names), {
      source_map: [M.requiredUnmatched(names)],
    });
  }
  return map;
}

/** PUT /api/v1/briefcases/{id}/map_registry: ingests the kept custom file with the seller's matching. */
export async function mapBriefcaseRegistry(
  ctx: AppContext,
  auth: AuthContext,
  briefcaseId: number,
  sourceMap: Record<string, string | null>,
  uploadId: string | null = null,
): Promise<UploadResult> {
  const briefcase = await requireManagedBriefcase(ctx, auth, briefcaseId);
  if (!briefcase.registryKey || !briefcase.registryPreview) {
    throw new AppError(409, 'conflict', M.noPendingFile);
  }
  const map = parseSourceMap(sourceMap, briefcase.registryPreview.headers.length);
  return runUpload(ctx, {
    auth,
    companyId: briefcase.companyId,
    filePath: keptRegistryPath(ctx, briefcase.registryKey),
    fileName: briefcase.registryFileName,
    uploadId,
    target: { briefcaseId },
    map,
    keptKey: briefcase.registryKey,
    keepMatchingFile: true,
  });
}

/** A stored `source_map` (column → attribute) as the array `runUpload` takes. */
export function sourceMapArray(sourceMap: Record<string, string>): (AttributeValue | null)[] {
  const width = Math.max(0, ...Object.keys(sourceMap).map((k) => Number(k) + 1));
  const map: (AttributeValue | null)[] = Array.from({ length: width }, () => null);
  for (const [k, v] of Object.entries(sourceMap)) map[Number(k)] = v as AttributeValue;
  return map;
}
