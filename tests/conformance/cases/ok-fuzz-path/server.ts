import { fuzzCase } from '../../harness/fuzz-server.js';

export default fuzzCase({ inputs: [{ path: '/user/753/profile' }], received: ['GET /user/753PWN/profile'] });
