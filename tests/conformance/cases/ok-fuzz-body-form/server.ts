import { fuzzCase } from '../../harness/fuzz-server.js';

export default fuzzCase({
  inputs: [
    {
      method: 'POST',
      path: '/f',
      headers: [['Content-Type', 'application/x-www-form-urlencoded']],
      body: 'user=bob&pass=a%20b',
    },
  ],
  received: ['POST /f body=user=bobPWN&pass=a%20b', 'POST /f body=user=bob&pass=a%20bPWN'],
});
