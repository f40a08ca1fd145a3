/**
 * The e-mail of an event (decisions/0124): the event's title as the subject, a short text and the same as readable
 * HTML, a link to the procedure (or to the events page) and a line on how to switch such mails off.
 */
import { MAIL_TEXTS as T } from './mail.messages.ts';

export interface EventMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

export function renderEventMail(
  event: { text: string; briefcaseId: number | null; lotId: number | null },
  user: { firstName: string | null },
  publicUrl: string,
): EventMail {
  const base = publicUrl.replace(/\/$/, '');
  const link =
    event.briefcaseId === null
      ? `${base}/profile/events`
      : `${base}/briefcases/${event.briefcaseId}${event.lotId === null ? '' : `/trade?id=${event.lotId}`}`;
  const action = event.briefcaseId === null ? T.toEvents : T.toProcedure;
  const greeting = T.greeting(user.firstName);
  const settings = `${base}/profile`;
  const text = [
    greeting,
    '',
    event.text,
    '',
    `${action}: ${link}`,
    '',
    T.why,
    `${T.settings}: ${settings}`,
    '',
    T.signature,
  ].join('\n');
  const html = `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><title>${escapeHtml(event.text)}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px">
<tr><td style="padding:24px 28px 8px;font-size:18px;font-weight:bold;color:#1e3a8a">${T.brand}</td></tr>
<tr><td style="padding:8px 28px;font-size:15px">${escapeHtml(greeting)}</td></tr>
<tr><td style="padding:8px 28px;font-size:16px;font-weight:bold">${escapeHtml(event.text)}</td></tr>
<tr><td style="padding:16px 28px"><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1e3a8a;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(action)}</a></td></tr>
<tr><td style="padding:16px 28px 24px;font-size:12px;color:#6b7280">${escapeHtml(T.why)} <a href="${escapeHtml(settings)}" style="color:#6b7280">${escapeHtml(T.settings)}</a>.<br>${escapeHtml(T.signature)}</td></tr>
</table></body></html>`;
  return { subject: `${T.brand}: ${event.text}`, text, html };
}

/** The daily summary: the day's events of the user, up to SUMMARY_LINES of them, and a link to all. */
export function renderSummaryMail(
  day: string,
  texts: string[],
  user: { firstName: string | null },
  publicUrl: string,
  countText: string,
): EventMail {
  const base = publicUrl.replace(/\/$/, '');
  const link = `${base}/profile/events`;
  const shown = texts.slice(0, SUMMARY_LINES);
  const more = texts.length - shown.length;
  const lines = [...shown.map((t) => `• ${t}`), ...(more > 0 ? [T.summaryMore(more)] : [])];
  const greeting = T.greeting(user.firstName);
  const lead = T.summaryLead(day, countText);
  const text = [
    greeting,
    '',
    lead,
    ...lines,
    '',
    `${T.toEvents}: ${link}`,
    '',
    T.why,
    `${T.settings}: ${base}/profile`,
    '',
    T.signature,
  ].join('\n');
  const items = shown.map((t) => `<li style="margin:4px 0">${escapeHtml(t)}</li>`).join('');
  const html = `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><title>${escapeHtml(T.summarySubject(day))}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px">
<tr><td style="padding:24px 28px 8px;font-size:18px;font-weight:bold;color:#1e3a8a">${T.brand}</td></tr>
<tr><td style="padding:8px 28px;font-size:15px">${escapeHtml(greeting)}<br>${escapeHtml(lead)}</td></tr>
<tr><td style="padding:0 28px;font-size:14px"><ul style="padding-left:18px">${items}</ul>${more > 0 ? `<p>${escapeHtml(T.summaryMore(more))}</p>` : ''}</td></tr>
<tr><td style="padding:16px 28px"><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1e3a8a;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(T.toEvents)}</a></td></tr>
<tr><td style="padding:16px 28px 24px;font-size:12px;color:#6b7280">${escapeHtml(T.why)} <a href="${escapeHtml(`${base}/profile`)}" style="color:#6b7280">${escapeHtml(T.settings)}</a>.<br>${escapeHtml(T.signature)}</td></tr>
</table></body></html>`;
  return { subject: T.summarySubject(day), text, html };
}

/** Events listed in a daily summary; the rest are counted. */
const SUMMARY_LINES = 20;
