import { quoteListQuerySchema } from '@/lib/schemas/staff-quote';
import { readQuery, staffRoute } from '@/server/api';
import { exportQuotesCsv } from '@/server/staff/quotes';

/** The quote inbox as a CSV download, with the inbox's filters (q, status, owner); staff holding quotes.read only. */
export const GET = staffRoute('quotes.read', async (request) => {
  const query = readQuery(request, quoteListQuerySchema);
  const csv = await exportQuotesCsv(query);
  const day = new Date().toISOString().slice(0, 10);
  // The byte-order mark makes spreadsheet programs read the file as UTF-8.
  return new Response(`\uFEFF${csv}`, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="quote-requests-${day}.csv"`,
      'cache-control': 'no-store',
    },
  });
});
