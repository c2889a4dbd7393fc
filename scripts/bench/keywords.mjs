// About 200 varied search keywords, the same on every run: real names and tickers, prefixes, typos, mixed case and
// accents, synthetic names, misses, and a few under the minimum length (which answer the trending list).
import { syntheticProject } from './data.mjs';

const NAMES = [
  'bitcoin', 'ethereum', 'tether', 'solana', 'cardano', 'dogecoin', 'polkadot', 'chainlink', 'litecoin', 'uniswap',
  'aave', 'monero', 'stellar', 'tron', 'avalanche', 'cosmos', 'filecoin', 'algorand', 'tezos', 'decentraland',
  'maker', 'compound', 'sushiswap', 'yearn finance', 'loopring', 'basic attention token', 'enjin coin', 'chiliz',
  'dash', 'zcash', 'neo', 'eos', 'iota', 'vechain', 'theta', 'fantom', 'curve', 'synthetix', 'ripple', 'binance coin',
];
const TICKERS = [
  'btc', 'eth', 'usdt', 'bnb', 'sol', 'xrp', 'usdc', 'ada', 'doge', 'trx', 'avax', 'link', 'dot', 'matic', 'ltc',
  'bch', 'uni', 'atom', 'xlm', 'etc', 'xmr', 'fil', 'grt', 'mkr', 'snx', 'comp', 'zec', 'crv', 'bat', 'sand',
];
const PREFIXES = [
  'bit', 'eth', 'sol', 'car', 'pol', 'cha', 'lit', 'uni', 'ste', 'ava', 'cos', 'fil', 'alg', 'dec', 'mak', 'com',
  'sus', 'yea', 'lo', 'en', 'chi', 'da', 'zc', 'ne', 'io', 've', 'th', 'fa', 'cu', 'sy',
];
const ODD = ['BitCoin', 'ETHEREUM', 'Éthereum', 'sólana', 'Cardanó', '  eth  ', 'USDT', 'Doge Coin', 'chain link', 'ÜNI'];
const MISSES = ['zzqx', 'notaproject', 'qwertyuiop', 'xyzzy', '1337', 'lorem ipsum'];
const SHORT = ['a', 'e', 'x', ''];

/** A deterministic typo: swap, drop, double or change a vowel, by index. */
function typo(word, index) {
  const i = 1 + (index % Math.max(1, word.length - 2));
  switch (index % 4) {
    case 0:
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    case 1:
      return word.slice(0, i) + word.slice(i + 1);
    case 2:
      return word.slice(0, i) + word[i] + word.slice(i);
    default:
      return word.replace(/[aeiou](?=[^aeiou]*$)/, (vowel) => ({ a: 'e', e: 'i', i: 'o', o: 'u', u: 'a' })[vowel]);
  }
}

/** A fixed shuffle so the kinds of keyword interleave. */
function shuffle(list) {
  const out = [...list];
  let seed = 20_000;
  for (let i = out.length - 1; i > 0; i--) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export function buildKeywords() {
  const typos = NAMES.slice(0, 34).map((name, index) => typo(name.split(' ')[0], index));
  const synthetic = [];
  for (let n = 0; n < 16; n++) {
    const project = syntheticProject(n * 1_171);
    const [stem, suffix] = project.name.split(' ');
    synthetic.push(project.name.toLowerCase(), project.ticker.toLowerCase(), stem.toLowerCase(), `${stem} ${suffix}`.toLowerCase());
  }
  const syntheticWords = ['finance', 'swap', 'protocol', 'dao', 'labs', 'vault', 'nova', 'zephyr', 'quasar', 'oracle'];
  return shuffle([...NAMES, ...TICKERS, ...PREFIXES, ...typos, ...ODD, ...synthetic, ...syntheticWords, ...MISSES, ...SHORT]);
}

/** Request paths over the keywords, round-robin. */
export function searchPaths() {
  return buildKeywords().map((keyword) => `/api/search-project?keyword=${encodeURIComponent(keyword)}`);
}
