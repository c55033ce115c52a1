export { default } from '../../harness/headless-server.js';
