/**
 * The customer's privacy calls (issue 28): "Download my data" (a file) and "Delete my account".
 * The deletion passes the session token explicitly, so a wrong password's 401 shows its message
 * instead of signing the customer out (lib/api.ts signs out on a 401 to the stored token only).
 */
import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountBody } from '@shared/contracts/accounts';
import { answer, api } from '../../../lib/api';
import { download } from '../../../lib/api-download';
import { saveFile } from '../../../lib/save-file';

const deleted = answer('accounts', 'deleteAccountAnswerSchema');

export function useDownloadMyData() {
  return useMutation({
    mutationFn: async (userId: string) => {
      const file = await download(`/api/server/my_data/${encodeURIComponent(userId)}`);
      saveFile(file.blob, file.filename ?? 'my-data.json');
    },
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: ({ body, token }: { body: DeleteAccountBody; token: string }) =>
      api.post('/api/server/delete_account', deleted, body, { token }),
  });
}
