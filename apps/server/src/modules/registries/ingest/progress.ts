/**
 * Processing progress of uploads, by the id the client sent (`upload_id`), polled with
 * GET /api/v1/registry_uploads/{upload_id} (docs/decisions/0045). Kept in the node's memory for ten minutes:
 * the upload and its polls reach the same node (one node, or sticky sessions), which is what a progress bar needs.
 */
export type UploadPhase = 'queued' | 'receiving' | 'checking' | 'storing' | 'lotting' | 'done' | 'failed';

export interface UploadProgress {
  phase: UploadPhase;
  /** 0–100: the share of the sheet read (rows checked and stored), then 100 when done. */
  percent: number;
  userId: number;
  /** Waiting for a file worker: uploads ahead of this one, plus one (phase `queued`). */
  queue?: number;
  updatedAt: number;
}

const KEEP_MS = 10 * 60_000;

export class UploadProgressBoard {
  private readonly entries = new Map<string, UploadProgress>();

  set(id: string | null, userId: number, phase: UploadPhase, percent: number, queue?: number): void {
    if (!id) return;
    const now = Date.now();
    this.entries.set(id, {
      phase,
      ...(queue ? { queue } : {}),
      percent: Math.max(0, Math.min(100, Math.round(percent))),
      userId,
      updatedAt: now,
    });
    for (const [key, entry] of this.entries) if (now - entry.updatedAt > KEEP_MS) this.entries.delete(key);
  }

  /** The upload's progress for its own uploader only. */
  get(id: string, userId: number): UploadProgress | null {
    const entry = this.entries.get(id);
    return entry && entry.userId === userId ? entry : null;
  }
}

const boards = new WeakMap<object, UploadProgressBoard>();

export function progressBoardOf(ctx: object): UploadProgressBoard {
  let board = boards.get(ctx);
  if (!board) {
    board = new UploadProgressBoard();
    boards.set(ctx, board);
  }
  return board;
}
