/**
 * Hands a file the app fetched itself (the CSV export needs the admin's Authorization header, which
 * a plain link cannot send) to the browser as a download: an object URL on a temporary link with a
 * `download` name, clicked, then released.
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Some browsers read the bytes after the click returns: they are let go of a little later.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
