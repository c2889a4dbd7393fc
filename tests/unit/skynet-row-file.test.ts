import { describe, expect, it } from 'vitest';

import { abiFileSchema, WATCH_LIST_COLUMNS, watchListRowSchema } from '@/lib/schemas/skynet';
import { parseRows, readRowFile, RowFileError } from '@/server/skynet/row-file';
import { parseSocialFile } from '@/server/skynet/social';

const ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const read = (text: string, fileName = 'list.csv') => readRowFile(text, fileName, WATCH_LIST_COLUMNS);
const reasonsOf = (text: string, fileName = 'list.csv') =>
  parseRows(read(text, fileName), watchListRowSchema).flatMap((entry) => ('reasons' in entry ? entry.reasons.map((reason) => `row ${entry.row}: ${reason}`) : []));

describe('row files (CSV or JSON), as the CLI reads them', () => {
  it('reads CSV with a byte-order mark, CRLF, blank lines and spaces around cells; an empty cell is a value not given', () => {
    const text = `\uFEFF projectId , address,chain,abi,fromBlock\r\n\r\nuniswap , ${ADDRESS} ,1, ,\r\n  \r\naave,${ADDRESS},,abi.json,7\r\n`;
    expect(read(text)).toEqual([
      { row: 1, values: { projectId: 'uniswap', address: ADDRESS, chain: '1' } },
      { row: 2, values: { projectId: 'aave', address: ADDRESS, abi: 'abi.json', fromBlock: '7' } },
    ]);
  });

  it('numbers the data rows from 1, blank lines not counted, and names a row with the wrong number of cells', () => {
    expect(read(`projectId,address\n\nuniswap,${ADDRESS}\nuniswap\n\nuniswap,${ADDRESS},1\n`)).toEqual([
      { row: 1, values: { projectId: 'uniswap', address: ADDRESS } },
      { row: 2, problem: 'has 1 cells where the header has 2 columns' },
      { row: 3, problem: 'has 3 cells where the header has 2 columns' },
    ]);
  });

  it('refuses a whole file whose header lacks a column, names one it does not know, or names one twice', () => {
    expect(() => read(`projectId,chain\nuniswap,1\n`)).toThrow(new RowFileError('The CSV header lacks the column address.'));
    expect(() => read(`projectId,address,from_block\n`)).toThrow('The CSV header has an unknown column "from_block" (columns: projectId, address, chain, abi, fromBlock).');
    expect(() => read(`projectId,address,abi,abi\n`)).toThrow('The CSV header names the column abi twice.');
    expect(() => read('[{"projectId": "uniswap",]', 'list.json')).toThrow(/^The file is not JSON/);
  });

  it('refuses a cell or a JSON value with control characters or broken UTF-8, naming where', () => {
    expect(read(`projectId,address\nuni\u0000swap,${ADDRESS}\n`)).toEqual([{ row: 1, problem: 'projectId must not contain control characters or broken UTF-8' }]);
    expect(read(JSON.stringify([{ projectId: 'uniswap', address: `${ADDRESS}\u001b[2J` }]), 'list.json')).toEqual([
      { row: 1, problem: 'address must not contain control characters or broken UTF-8' },
    ]);
    expect(read(JSON.stringify([{ projectId: 'uniswap', address: ADDRESS, 'ab\u0000i': 'x' }]), 'list.json')).toEqual([
      { row: 1, problem: 'a key must not contain control characters or broken UTF-8' },
    ]);
  });

  it('reads a JSON array of objects (numbers stay numbers, null is not given), and names an item that is no row', () => {
    const text = JSON.stringify([{ projectId: ' uniswap ', address: ADDRESS, chain: 1, fromBlock: null }, 'uniswap', { projectId: 'aave', adress: ADDRESS }]);
    expect(read(text, 'list.txt')).toEqual([
      { row: 1, values: { projectId: 'uniswap', address: ADDRESS, chain: 1 } },
      { row: 2, problem: 'is not an object' },
      { row: 3, problem: 'has an unknown key "adress" (keys: projectId, address, chain, abi, fromBlock)' },
    ]);
  });
});

describe('the watch list row schema', () => {
  it('takes digits from CSV and numbers from JSON alike, and lower-cases the address', () => {
    const [csv] = parseRows(read(`projectId,address,chain,fromBlock\nuniswap,${ADDRESS},10,0\n`), watchListRowSchema);
    const [json] = parseRows(read(JSON.stringify([{ projectId: 'uniswap', address: ADDRESS, chain: 10, fromBlock: 0 }]), 'list.json'), watchListRowSchema);
    const expected = { row: 1, value: { projectId: 'uniswap', address: ADDRESS.toLowerCase(), chain: 10, fromBlock: 0 } };
    expect(csv).toEqual(expected);
    expect(json).toEqual(expected);
  });

  it('gives every reason of every row at once, each with its row number', () => {
    const text = ['projectId,address,chain,abi,fromBlock', `Uniswap,${ADDRESS},,,`, 'uniswap,0x123,0,,', `uniswap,${ADDRESS},1.5,,-1`, `uniswap,${ADDRESS},x,,99999999999999999`].join('\n');
    expect(reasonsOf(text)).toEqual([
      'row 1: projectId is not a project id',
      'row 2: address must be 0x followed by 40 hexadecimal digits',
      'row 2: chain must be a positive whole number (a chain id)',
      'row 3: chain must be a positive whole number (a chain id)',
      'row 3: fromBlock must be a whole number from 0',
      'row 4: chain must be a positive whole number (a chain id)',
      'row 4: fromBlock must be a whole number from 0',
    ]);
    expect(reasonsOf(JSON.stringify([{ address: ADDRESS, chain: -1, abi: 3 }]), 'list.json')).toEqual([
      'row 1: projectId is required',
      'row 1: chain must be a positive whole number (a chain id)',
      'row 1: abi: Invalid input: expected string, received number',
    ]);
  });
});

describe('ABI files', () => {
  it('takes a bare ABI or an artifact with an abi field, and refuses anything else', () => {
    const abi = [{ type: 'function', name: 'pause', inputs: [], outputs: [], stateMutability: 'nonpayable' }];
    expect(abiFileSchema.parse(abi)).toEqual(abi);
    expect(abiFileSchema.parse({ contractName: 'Token', abi })).toEqual(abi);
    expect(abiFileSchema.safeParse({ bytecode: '0x' }).error?.issues[0].message).toBe('holds no ABI (an array, or an object with an "abi" array)');
    expect(abiFileSchema.safeParse([{ type: 'function', inputs: [] }]).error?.issues[0].message).toBe('every function, event and error has a name and inputs');
    expect(abiFileSchema.safeParse([{ type: 'method', name: 'x' }]).error?.issues[0].path).toEqual([0, 'type']);
  });
});

describe('social activity files', () => {
  it('are read by the same reader, and the first bad row stops the import with its number', () => {
    expect(parseSocialFile('\uFEFFprojectId,type,date,value\r\nethereum, tweets ,2026-11-01,42\r\n', 'activity.csv')).toEqual([{ projectId: 'ethereum', type: 'tweets', date: '2026-11-01', value: 42 }]);
    expect(() => parseSocialFile('projectId,type,date,value\nethereum,tweets,2026-11-01,1\nethereum,tweets,2026-13-01,1\n', 'activity.csv')).toThrow('Row 2: date must be YYYY-MM-DD');
  });
});
