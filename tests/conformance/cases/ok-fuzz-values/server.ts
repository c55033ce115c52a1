import { fuzzCase } from '../../harness/fuzz-server.js';

export default fuzzCase({
  inputs: [{ path: '/s?next=http%3A%2F%2Fa&id=1' }],
  received: ['GET /s?next=PWN&id=1'],
});
