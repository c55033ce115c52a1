// TCP services for the javascript bench: one per port on 127.0.0.1, answering every `PING` line
// with `+PONG`, in a process of their own so the scanner and the servers do not share an event loop.
// Sends the ports to the parent.
import { createServer } from 'node:net';

const count = Number(process.argv[2] ?? 20);
const ports = [];
for (let i = 0; i < count; i++) {
  const server = createServer((socket) => {
    socket.on('error', () => {});
    socket.on('data', (d) => {
      if (d.toString('latin1').includes('PING')) socket.write('+PONG\r\n');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  ports.push(server.address().port);
}
process.send?.({ ports });
