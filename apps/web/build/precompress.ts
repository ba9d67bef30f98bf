/**
 * Build-time Brotli and gzip siblings (`app.js.br`, `app.js.gz`) of every compressible file of
 * the build, so the server can answer `Accept-Encoding` with a file instead of compressing per
 * request (issue 14). A dozen lines of node:zlib rather than a plugin package: nothing to keep
 * up with Vite majors, and the maximum levels cost well under a second on this bundle.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Writes `<file>.br` and `<file>.gz` beside every compressible file under `dir`. */
export function precompressDirectory(dir: string): number {
  const files = filesUnder(dir).filter((file) => COMPRESSIBLE.test(file));
  for (const file of files) {
    const raw = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
  }
  return files.length;
}

/** Runs last, after every other plugin (the service worker generator included) wrote its files. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'podium:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        precompressDirectory(outDir);
      },
    },
  };
}
