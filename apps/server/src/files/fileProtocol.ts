/** Messages between the file pool (main thread) and its workers (docs/decisions/0090). */
import type { ZipInspection, ZipLimits } from '../http/zipGuard.ts';
import type { BatchSheetJob, BatchSheetResult } from '../modules/batchAutobids/file/read.ts';
import type { RenderedAgreement } from '../modules/deals/agreement/agreementModel.ts';
import type { AgreementJob } from '../modules/deals/agreement/agreementRender.ts';
import type { DealRegistryJob, DealRegistryResult } from '../modules/deals/registry/registryFile.ts';
import type { ProtocolData } from '../modules/documents/formats/protocolModel.ts';
import type { IngestJob, IngestJobResult, PreviewJob } from '../modules/registries/ingest/read.ts';
import type { PreviewResult } from '../modules/registries/ingest/sheetReader.ts';

export type FileJob =
  | ({ kind: 'ingest' } & IngestJob)
  | ({ kind: 'preview' } & PreviewJob)
  | ({ kind: 'batchSheet' } & BatchSheetJob)
  | { kind: 'inspectZip'; bytes: Uint8Array; limits: ZipLimits }
  | { kind: 'renderProtocol'; data: ProtocolData }
  | ({ kind: 'renderAgreement' } & AgreementJob)
  | ({ kind: 'dealRegistry' } & DealRegistryJob)
  | { kind: 'sleep'; ms: number; allocateMb?: number }
  /** Tests: the worker's view of the node's last bid after `ms` of work. */
  | { kind: 'bidClock'; ms: number };

interface Results {
  ingest: IngestJobResult;
  preview: PreviewResult;
  batchSheet: BatchSheetResult;
  inspectZip: ZipInspection;
  /** The trade protocol and the main report, as PDF bytes. */
  renderProtocol: { protocol: Uint8Array; mainReport: Uint8Array };
  /** A deal's agreement (decisions/0263). */
  renderAgreement: RenderedAgreement;
  /** The lot's registry for the deal's buyer, written to the job's outPath. */
  dealRegistry: DealRegistryResult;
  sleep: { slept: number };
  bidClock: { lastBid: number };
}

export type FileJobResult<K extends FileJob['kind']> = Results[K];

/** An error of the job, as plain data: `name` and `code` (XlsxError's) decide the seller's message. */
export interface JobError {
  name: string;
  message: string;
  code?: string;
  detail?: string;
}

export type WorkerReply =
  | { type: 'progress'; phase: string; fraction: number }
  | { type: 'call'; id: number; name: string; payload: unknown }
  | { type: 'done'; result?: unknown; error?: JobError };

export type PoolMessage =
  | { type: 'job'; job: FileJob }
  | { type: 'answer'; id: number; value: unknown }
  /** To a worker process, while it works: the wall-clock ms of the node's last bid (its pacer's clock). */
  | { type: 'clock'; lastBid: number };
