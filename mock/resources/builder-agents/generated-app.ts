// The code a builder agent deploys for a conversation: a small Node.js app whose page and README
// carry the intent (the prompt) and the change requests applied on top, so a client can see that a
// rebuild "replaced the running app by a corrected version" (seed "States and transitions").
import { type AppFile, DEFAULT_RESOURCES, type JobType } from '../builders/app-record.ts';
import { stripMarkers } from './markers.ts';

export const AGENT_APP = {
  entrypoint: 'npm start',
  port: 3000,
  job_type: 'always_on' as JobType,
  resources: DEFAULT_RESOURCES,
  env: {},
  auto_stop_interval: 60,
  backup_interval_hours: 24,
};

/** An app's name as the published create body allows it: lowercase letters, digits and dashes. */
export function appName(name: string): string {
  return slug(name);
}

function slug(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'app'
  );
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

export function generatedFiles(name: string, prompt: string, changes: string[], revision: number): AppFile[] {
  const intent = stripMarkers(prompt);
  const applied = changes.map(stripMarkers);
  const pkg = { name: slug(name), version: `1.${Math.max(0, revision - 1)}.0`, private: true, type: 'module', scripts: { start: 'node server.js' } };
  const changeItems = applied.map((c) => `      <li>${escapeHtml(c)}</li>`).join('\n');
  const files: AppFile[] = [
    { path: 'package.json', content: `${JSON.stringify(pkg, null, 2)}\n` },
    {
      path: 'server.js',
      content: [
        "import { readFile } from 'node:fs/promises';",
        "import { createServer } from 'node:http';",
        "import { health } from './src/routes/health.js';",
        '',
        'const port = Number(process.env.PORT ?? 3000);',
        'createServer(async (req, res) => {',
        "  if (req.url === '/healthz') return health(res);",
        "  const page = await readFile(new URL('./public/index.html', import.meta.url));",
        "  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });",
        '  res.end(page);',
        '}).listen(port);',
        '',
      ].join('\n'),
    },
    {
      path: 'src/routes/health.js',
      content: "export function health(res) {\n  res.writeHead(200, { 'content-type': 'text/plain' });\n  res.end('ok');\n}\n",
    },
    {
      path: 'public/index.html',
      content: [
        '<!doctype html>',
        '<html lang="en">',
        `  <head><meta charset="utf-8"><title>${escapeHtml(name)}</title></head>`,
        '  <body>',
        `    <h1>${escapeHtml(name)}</h1>`,
        `    <p>${escapeHtml(intent)}</p>`,
        `    <p>Revision ${revision}</p>`,
        ...(applied.length > 0 ? ['    <ul>', changeItems, '    </ul>'] : []),
        '  </body>',
        '</html>',
        '',
      ].join('\n'),
    },
    { path: 'README.md', content: `# ${name}\n\n${intent}\n\nRevision ${revision}. Start with \`npm start\`.\n` },
  ];
  if (applied.length > 0) {
    files.push({ path: 'CHANGES.md', content: `# Changes\n\n${applied.map((c, i) => `${i + 1}. ${c}`).join('\n')}\n` });
  }
  return files;
}
