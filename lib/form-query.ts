/**
 * The address query a GET form stands for, leaving out fields left empty: an empty field is "no filter" (the
 * server reads `?chain=` the same way), so addresses made in the browser stay as short as the server's own links.
 * Fields keep the form's order.
 */
export function filledFieldsQuery(data: FormData): string {
  const params = new URLSearchParams();
  for (const [name, value] of data) {
    if (typeof value === 'string' && value.trim() !== '') params.append(name, value);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}
