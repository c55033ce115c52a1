import { fuzzCase } from '../../harness/fuzz-server.js';

export default fuzzCase({
  inputs: [{ path: '/c', headers: [['Cookie', 'sid=abc; theme=dark']] }],
  show: ['cookie'],
  received: ['GET /c cookie=sid=PWN; theme=dark', 'GET /c cookie=sid=abc; theme=PWN'],
});
