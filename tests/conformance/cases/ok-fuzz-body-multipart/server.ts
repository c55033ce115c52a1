import { fuzzCase } from '../../harness/fuzz-server.js';

export default fuzzCase({
  inputs: [
    {
      method: 'POST',
      path: '/m',
      headers: [['Content-Type', 'multipart/form-data; boundary=XyZ']],
      body: '--XyZ\r\nContent-Disposition: form-data; name="title"\r\n\r\nhello\r\n--XyZ--\r\n',
    },
  ],
  received: ['POST /m body=--XyZ\r\nContent-Disposition: form-data; name="title"\r\n\r\nPWN\r\n--XyZ--\r\n'],
});
