/**
 * A graceful stop in dependency order: the demo simulator, then the scheduler (it waits for its pass and its chores,
 * which may be running a file job), then HTTP and the live channel, then the file workers, last the database.
 * The file workers go after the scheduler: a protocol being drawn when the stop comes is finished, not refused.
 */
export interface StoppableNode {
  simulator?: { stop(): void } | null;
  scheduler: { stop(): Promise<void> };
  app: { close(): Promise<unknown> };
  files: { close(): Promise<void> };
  database: { close(): Promise<void> };
}

export async function stopNode(node: StoppableNode): Promise<void> {
  node.simulator?.stop();
  await node.scheduler.stop();
  await node.app.close();
  await node.files.close();
  await node.database.close();
}
