import { fuzzCase } from '../../harness/fuzz-server.js';

export default fuzzCase({
  inputs: [{ path: '/h', headers: [['User-Agent', 'ua']] }],
  show: ['x-forwarded-for', 'x-original-url'],
  received: [
    'GET /h x-forwarded-for=PWN-127.0.0.1 x-original-url=',
    'GET /h x-forwarded-for= x-original-url=/admin',
  ],
});
