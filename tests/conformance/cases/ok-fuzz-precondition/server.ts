import { fuzzCase } from '../../harness/fuzz-server.js';

export default fuzzCase({
  inputs: [
    { method: 'POST', path: '/s?a=1', headers: [['Content-Type', 'text/plain']], body: 'x' },
    { path: '/s?a=2' },
  ],
  received: ['GET /s?a=PWN'],
});
