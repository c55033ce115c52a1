import { fuzzCase } from '../../harness/fuzz-server.js';

export default fuzzCase({
  inputs: [
    {
      path: '/h',
      headers: [
        ['User-Agent', 'ua'],
        ['X-Api-Key', 'k'],
        ['Accept', 'text/html'],
        ['Authorization', 'Bearer t'],
      ],
    },
  ],
  show: ['user-agent', 'x-api-key', 'accept', 'authorization'],
  received: [
    'GET /h user-agent=PWN x-api-key=k accept=text/html authorization=Bearer t',
    'GET /h user-agent=ua x-api-key=PWN accept=text/html authorization=Bearer t',
  ],
});
