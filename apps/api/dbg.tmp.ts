import { parseEntry } from './src/modules/references/parse/fields';
import { parseReferences } from './src/modules/references/parse/parse-references';
const cases = {
  names: 'Aa '.repeat(3000),
  namesComma: 'Aa Bb, '.repeat(2000),
  initials: 'Smith, A. B. C. '.repeat(1000),
  caps: 'ABC DEF '.repeat(2000),
  mixed: 'Aa, A. Bb Cc and '.repeat(1000),
  parens: '('.repeat(5000) + '2020' + ')'.repeat(5000),
  dots: 'A.'.repeat(5000),
};
for (const [name, raw] of Object.entries(cases)) {
  const t = performance.now();
  parseEntry(raw.slice(0, 2000));
  const t2 = performance.now();
  parseReferences(['Body (' + raw + ')', 'References\n' + raw.replace(/ /g, '\n').slice(0, 20000)]);
  console.log(name, (t2 - t).toFixed(1), (performance.now() - t2).toFixed(1));
}
