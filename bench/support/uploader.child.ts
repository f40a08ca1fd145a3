/**
 * The uploading seller's process (bench/upload-isolation): sends one file to POST /api/v1/briefcases over HTTP again
 * and again until its time is up, as a browser would, and answers with every reply. A process of its own, so that
 * making and sending the request is not counted as the server's work (the server runs in the benchmark's process).
 */
import { readFileSync } from 'node:fs';

export interface UploadPlan {
  url: string;
  token: string;
  companyId: number;
  filePath: string;
  seconds: number;
}

export interface UploadAnswer {
  status: number;
  seconds: number;
  message: string;
}

process.once('message', async (plan: UploadPlan) => {
  const file = readFileSync(plan.filePath);
  const until = performance.now() + plan.seconds * 1000;
  const answers: UploadAnswer[] = [];
  do {
    const began = performance.now();
    // The body arrives at the server in socket-sized chunks, as a browser sends it.
    const form = new FormData();
    form.append('company_id', String(plan.companyId));
    form.append('auction_type', 'classic');
    form.append('source', new Blob([file]), 'реестр.xlsx');
    const response = await fetch(`${plan.url}/api/v1/briefcases`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${plan.token}` },
    });
    const body = (await response.json()) as { message: string; errors?: { source?: string[] } };
    answers.push({
      status: response.status,
      seconds: +((performance.now() - began) / 1000).toFixed(2),
      message: (body.errors?.source ?? [body.message]).join(' '),
    });
  } while (performance.now() < until);
  process.send!(answers, () => process.exit(0));
});
