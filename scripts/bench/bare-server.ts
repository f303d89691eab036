// The reference for the mock benchmark: a bare node:http server answering a fixed JSON body to
// every request, on the port given as the first argument (default: any free port).
import { createServer } from 'node:http';

const body = JSON.stringify({ success: true, message: 'Campaign retrieved', data: { uuid: '6b1f7a2e-2c41-4a8e-9f3b-5d6c7e8f9a01', name: 'Spring reactivation', status: 'Active' } });
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'x-timezone': 'UTC' });
  res.end(body);
});
server.listen(Number(process.argv[2] ?? 0), '127.0.0.1', () => {
  const address = server.address();
  console.log(JSON.stringify({ url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` }));
});
