import { describe, expect, it } from 'vitest';
import {
  canDownloadMainReport,
  canDownloadProtocol,
  canDownloadSellerReports,
  formatFileSize,
  isDocumentVisible,
} from './documents.ts';

describe('procedure documents', () => {
  it('hides "Другой документ" from participants once trading is over, never from the seller', () => {
    expect(isDocumentVisible('other', 'active', false)).toBe(true);
    expect(isDocumentVisible('other', 'finished', false)).toBe(false);
    expect(isDocumentVisible('other', 'closed_without_bids', false)).toBe(false);
    expect(isDocumentVisible('other', 'closed', true)).toBe(true);
    expect(isDocumentVisible('template', 'closed', false)).toBe(true);
  });

  it('gives the protocol to the seller after trading, the main report to everyone after trading', () => {
    expect(canDownloadProtocol('active', true)).toBe(false);
    expect(canDownloadProtocol('finished', true)).toBe(true);
    expect(canDownloadProtocol('closed', false)).toBe(false);
    expect(canDownloadMainReport('ready')).toBe(false);
    expect(canDownloadMainReport('closed_with_next_round')).toBe(true);
  });

  it('opens the seller reports once the procedure is past created and pending', () => {
    expect(canDownloadSellerReports('pending', true)).toBe(false);
    expect(canDownloadSellerReports('ready', true)).toBe(true);
    expect(canDownloadSellerReports('closed', false)).toBe(false);
  });

  it('writes file sizes in КБ and МБ', () => {
    expect(formatFileSize(100)).toBe('1 КБ');
    expect(formatFileSize(860_000)).toBe('840 КБ');
    expect(formatFileSize(13_000_000).replace(/\u00a0/g, ' ')).toBe('12,4 МБ');
  });
});
