// A webhook receiver run in a container of the stack under test (e2e/deploy/stack.test.ts): it keeps each
// delivery's webhook-id and body, answers 204, and lists what it kept at GET /deliveries.
import { createServer } from 'node:http';

const deliveries = [];
createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/deliveries') {
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify(deliveries));
    return;
  }
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    deliveries.push({ id: req.headers['webhook-id'], body: JSON.parse(body) });
    res.statusCode = 204;
    res.end();
  });
}).listen(8080);
process.on('SIGTERM', () => process.exit(0));
