import { fuzzCase } from '../../harness/fuzz-server.js';

export default fuzzCase({ inputs: [{ path: '/s?a=1&b=2' }], received: ['GET /s?a=PWN1&b=2'] });
