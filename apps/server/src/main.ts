/**
 * Entry point. The server's modules (server.ts) are loaded only after the checks and settings
 * that must come before them.
 */
// First: on a Node.js older than 24 this stops the server before anything else is loaded.
import './node-version.js';
// Then the heap's limits: loading the server's modules would grow the young generation already.
import './heap-limits.js';

await import('./server.js');
