/** Saves a file the server serves only with the user's token: fetched as a Blob, then handed to the browser. */
import { apiClient } from './apiClient.ts';

export async function downloadFile(path: string, fileName: string): Promise<void> {
  const blob = await apiClient.download(path);
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
