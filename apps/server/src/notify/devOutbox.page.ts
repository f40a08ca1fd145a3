/** The HTML of /dev/outbox: one table, newest first, every value escaped. */
import { formatMoscowDate, formatMoscowTime } from '@etp/domain';
import { NOTIFY_MESSAGES as M } from './notify.messages.ts';
import type { OutboxRow } from './outbox.queries.ts';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

const STYLE = `
  body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #1b1b1f; }
  table { border-collapse: collapse; width: 100%; }
  th, td { border-bottom: 1px solid #ddd; padding: 6px 8px; text-align: left; vertical-align: top; }
  th { background: #f3f3f7; }
  td.body { white-space: pre-wrap; font-family: ui-monospace, monospace; }
  .failed { color: #b3261e; }
`;

function row(message: OutboxRow): string {
  const cells = [
    `${formatMoscowDate(message.createdAt)} ${formatMoscowTime(message.createdAt)}`,
    M.channels[message.channel],
    message.recipient,
    message.subject ?? '',
  ].map((value) => `<td>${escapeHtml(value)}</td>`);
  const status = message.sentAt
    ? `<td>${M.sent}</td>`
    : `<td class="failed">${M.pending}${message.error ? `: ${escapeHtml(message.error)}` : ''}</td>`;
  return `<tr>${cells.join('')}<td class="body">${escapeHtml(message.body)}</td>${status}</tr>`;
}

export function renderOutboxPage(messages: OutboxRow[], recipient: string): string {
  const c = M.columns;
  const head = [c.time, c.channel, c.recipient, c.subject, c.body, c.status].map((h) => `<th>${h}</th>`);
  const table = messages.length
    ? `<table><thead><tr>${head.join('')}</tr></thead><tbody>${messages.map(row).join('')}</tbody></table>`
    : `<p>${M.empty}</p>`;
  return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><title>${M.title}</title><style>${STYLE}</style></head>
<body><h1>${M.title}</h1><p>${M.lead}</p>
<form method="get"><label>${M.filter} <input name="recipient" value="${escapeHtml(recipient)}"></label>
<button type="submit">${M.show}</button></form>
${table}
</body></html>`;
}
