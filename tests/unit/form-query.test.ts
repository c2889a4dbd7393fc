import { describe, expect, it } from 'vitest';

import { filledFieldsQuery } from '@/lib/form-query';

const formData = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe('filledFieldsQuery', () => {
  it('is empty when every field is', () => {
    expect(filledFieldsQuery(formData([]))).toBe('');
    expect(filledFieldsQuery(formData([['category', ''], ['minScore', '  ']]))).toBe('');
  });

  it('keeps filled fields in the form order, encoded, and leaves the empty ones out', () => {
    expect(filledFieldsQuery(formData([['category', 'Layer 1'], ['chain', ''], ['grade', 'AA'], ['chain2', 'A&B=C']]))).toBe('?category=Layer+1&grade=AA&chain2=A%26B%3DC');
  });

  it('keeps repeated fields and leaves files out', () => {
    const data = formData([['tag', 'a'], ['tag', 'b']]);
    data.append('file', new Blob(['x']), 'x.txt');
    expect(filledFieldsQuery(data)).toBe('?tag=a&tag=b');
  });
});
