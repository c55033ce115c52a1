import { fuzzCase } from '../../harness/fuzz-server.js';

export default fuzzCase({
  inputs: [{ path: '/s?url=a&id=1&NEXT=b' }],
  received: ['GET /s?url=PWN&id=1&NEXT=b', 'GET /s?url=a&id=1&NEXT=PWN'],
});
