import { engines } from '../../package.json';

// Imported first by server/index.ts, so it runs before anything that needs a newer Node: on an
// older one (Debian's is 18 or 20) the server stops with one line instead of a loader's stack.
const needed = Number(/\d+/.exec(engines.node)?.[0]);
if (Number(process.versions.node.split('.')[0]) < needed) {
  console.error(
    `O servidor precisa do Node.js ${needed} ou mais novo (package.json, "engines": "${engines.node}"); ` +
      `este é o ${process.version}. Use npm start ou npm run serve, que rodam o Node ${needed} do projeto.`,
  );
  process.exit(1);
}
