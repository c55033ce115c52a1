import { fuzzCase } from '../../harness/fuzz-server.js';

export default fuzzCase({
  inputs: [{ path: '/s?a=1&b=%41' }],
  received: ['GET /s?a=PWN&b=%41', 'GET /s?a=1&b=PWN'],
});
