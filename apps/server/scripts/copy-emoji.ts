// `npm run emoji:copy -w @h5/server`: copies the comment emoji the seed names (EMOJI_SET in
// src/db/seed/vocab.ts) from the pinned Twemoji package (@twemoji/svg, an exact devDependency)
// into assets/emoji/, where they are kept in git and served at /cdn/emoji/<file> (issue 28
// point 3). Only the files the set names are copied; ours (666.svg) are drawn in the folder and
// left alone. Run it after changing the set or the package's version, and commit the result.
import { copyFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EMOJI_SET } from '../src/db/seed/vocab';

const target = join(dirname(fileURLToPath(import.meta.url)), '..', 'assets', 'emoji');
const source = dirname(createRequire(import.meta.url).resolve('@twemoji/svg/package.json'));
let copied = 0;
for (const [name, file, char] of EMOJI_SET) {
  if (!char) {
    if (!existsSync(join(target, file))) throw new Error(`${name}: ${file} is ours and missing in ${target}`);
    continue;
  }
  copyFileSync(join(source, file), join(target, file));
  copied++;
}
console.log(`${copied} Twemoji pictures copied into ${target}`);
