import { fuzzCase } from '../../harness/fuzz-server.js';

export default fuzzCase({
  inputs: [{ path: '/s?redirect=a&id=1&Redir=b' }],
  received: ['GET /s?redirect=PWN&id=1&Redir=b'],
});
