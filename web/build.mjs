// Bundles the explorer page with esbuild into OUT_DIR (argument 1):
//   OUT_DIR/index.html             (no-cache: names the current bundle)
//   OUT_DIR/assets/app-HASH.js|css (immutable: the hash changes with the content)
// esbuild and the page's packages are resolved from the current directory's
// node_modules (the build directory, where CMake runs `npm ci`), so the
// source tree stays clean.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.resolve(process.argv[2] || 'dist');
const modules = path.resolve('node_modules');
const esbuild = createRequire(path.join(modules, 'noop.js'))('esbuild');

fs.rmSync(out, { recursive: true, force: true });
const result = await esbuild.build({
  entryPoints: { app: path.join(here, 'src', 'main.js') },
  bundle: true,
  minify: true,
  format: 'esm',
  target: ['es2020'],
  entryNames: '[name]-[hash]',
  outdir: path.join(out, 'assets'),
  nodePaths: [modules],
  metafile: true,
  logLevel: 'warning',
});
const outputs = Object.keys(result.metafile.outputs).map((file) => path.basename(file));
const js = outputs.find((name) => name.endsWith('.js'));
const css = outputs.find((name) => name.endsWith('.css'));
const page = fs.readFileSync(path.join(here, 'index.html'), 'utf8')
  .replace('@JS@', js).replace('@CSS@', css);
fs.writeFileSync(path.join(out, 'index.html'), page);
console.log(`explorer page: ${path.join(out, 'index.html')} (${js}, ${css})`);
