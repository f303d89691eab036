// README.md's "Use it as a package" documents every option of createMock: each field of MockConfig
// (DEFAULT_CONFIG's keys) and each option MockOptions adds (read from mock/core/mock.ts) has a row
// of the options table, with the default of DEFAULT_CONFIG where it is a plain value; and the
// examples it points to in the installed package are in package.json's `files`.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../mock/core/config.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');
const readme = read('README.md');
const section = readme.slice(readme.indexOf('\n## Use it as a package\n'), readme.indexOf('\n## Layout\n'));
const optionsTable = section.slice(section.indexOf('\n### createMock options\n'), section.indexOf('\n### The examples\n'));

/** The option → its row, from the table's `| \`name\` | default | what |` lines. */
const rows = new Map([...optionsTable.matchAll(/^\| `(\w+)` \| ([^|]+) \|/gm)].map((m) => [m[1] ?? '', m[2]?.trim() ?? '']));

/** The options MockOptions declares beside MockConfig's fields. */
function ownOptions(): string[] {
  const source = read('mock/core/mock.ts');
  const block = /export interface MockOptions extends Partial<MockConfig> \{([\s\S]*?)\n\}/.exec(source)?.[1] ?? '';
  return [...block.matchAll(/^ {2}(\w+)\?:/gm)].map((m) => m[1] ?? '');
}

describe('README.md, "Use it as a package"', () => {
  it('has a row for every createMock option', () => {
    const options = [...ownOptions(), ...Object.keys(DEFAULT_CONFIG)];
    expect(ownOptions()).toEqual(expect.arrayContaining(['fixtures', 'clock', 'handlers']));
    expect(options.filter((name) => !rows.has(name))).toEqual([]);
    expect([...rows.keys()].filter((name) => !options.includes(name))).toEqual([]);
  });

  it('gives the defaults DEFAULT_CONFIG holds', () => {
    for (const [name, value] of Object.entries(DEFAULT_CONFIG)) {
      if (typeof value === 'string') expect(rows.get(name), name).toContain(`'${value}'`);
      else if (typeof value === 'number' && name !== 'maxBodyBytes') expect(rows.get(name), name).toBe(`\`${value}\``);
      else if (typeof value === 'boolean') expect(rows.get(name), name).toBe(`\`${value}\``);
    }
    expect(DEFAULT_CONFIG.maxBodyBytes).toBe(16 * 1024 * 1024);
    expect(rows.get('maxBodyBytes')).toContain('16 * 1024 * 1024');
    expect(rows.get('rateLimits')).toBe(`\`{ sendPerSecond: ${DEFAULT_CONFIG.rateLimits.sendPerSecond}, generalPerMinute: ${DEFAULT_CONFIG.rateLimits.generalPerMinute} }\``);
    expect(rows.get('caches')).toBe(`\`{ jwtsPerWorkspace: ${DEFAULT_CONFIG.caches.jwtsPerWorkspace}, idempotencyKeysPerWorkspace: ${DEFAULT_CONFIG.caches.idempotencyKeysPerWorkspace} }\``);
  });

  it('points to examples the package ships', () => {
    const files = (JSON.parse(read('package.json')) as { files: string[] }).files;
    expect(section).toContain('`node_modules/agent-platform-contract/examples/`');
    for (const dir of ['msw/node', 'msw/browser', 'typed-client']) {
      expect(files.some((entry) => `examples/${dir}`.startsWith(entry))).toBe(true);
      expect(section).toContain(`\`${dir}/\``);
      expect(existsSync(join(ROOT, 'examples', dir))).toBe(true);
    }
  });
});
