// A second reference for the mock benchmark: a bare node:http server answering each scenario with
// the very answer the mock gave it (status, headers, body; captured once, file given as the second
// argument), so the ratio against it is the mock's own work above writing that answer. Keyed by
// method, path and whether an Authorization header is present; anything else is 404.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { answerKey, type RecordedAnswer } from './replay-answers.ts';

const answers = new Map(Object.entries(JSON.parse(readFileSync(String(process.argv[3]), 'utf8')) as Record<string, RecordedAnswer>));
const server = createServer((req, res) => {
  const answer = answers.get(answerKey(req.method ?? 'GET', req.url ?? '/', req.headers.authorization !== undefined));
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  req.resume();
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
});
server.listen(Number(process.argv[2] ?? 0), '127.0.0.1', () => {
  const address = server.address();
  console.log(JSON.stringify({ url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` }));
});
