/** The catalogue as a spreadsheet (decision 153): the export as a file, the import's dry run and apply. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../../lib/api';
import { download, type DownloadedFile } from '../../../../lib/api-download';
import { applyProductUpdate } from '../../../../lib/live-updates';

/** The whole catalogue as the server's CSV file; archived books too when asked. */
export const exportCatalogue = (includeArchived: boolean): Promise<DownloadedFile> =>
  download(`/api/admin/products/export${includeArchived ? '?archived=true' : ''}`);

export interface ImportFiles {
  csv: File;
  images: File | null;
}

const report = answer('products', 'productImportReportSchema');

/** Sends the files: a dry run (nothing written) or the apply (all or nothing). */
export function useImportProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ files, dryRun }: { files: ImportFiles; dryRun: boolean }) => {
      const form = new FormData();
      form.append('file', files.csv, files.csv.name);
      if (files.images) form.append('images', files.images, files.images.name);
      return api.post(`/api/admin/products/import?dry_run=${dryRun}`, report, form);
    },
    onSuccess: (answer) => {
      if (answer.applied) applyProductUpdate(queryClient);
    },
  });
}
