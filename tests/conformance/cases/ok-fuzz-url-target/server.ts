import { fuzzCase } from '../../harness/fuzz-server.js';

export default fuzzCase({ targetPath: '/page?id=5', received: ['GET /page?id=PWN'] });
