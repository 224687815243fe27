/** Date and time, en-GB: "25/11/2026, 14:03" (the order's page: when it was placed, its history, its print job). */
export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
