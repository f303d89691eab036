// Builder apps (seed "What the service does" > Builders): created by a builder agent or by
// uploading files plus an entrypoint (the published create body: name, entrypoint, files as a map of
// path to contents, port (default 8000), env, resources (default 1 vCPU / 1 GB / 3 GB), job_type,
// backup_interval_hours); start, stop and auto-stop on the mock's clock; live logs with the service
// token masked; a command terminal (published `{command, timeout}` → `{success, data {exit_code,
// output}}`); file listing (`path` relative to the app root, default `.`), read and write.
// Lifecycle rules are machine.ts; the clock's part is app-state.ts.
import type { HandlerContext, HandlerGroup } from '../../core/handler.ts';
import { errors } from '../../pipeline/api-error.ts';
import { settleBuilders } from '../builder-agents/agent-state.ts';
import { findOr404 } from '../shared/lookup.ts';
import { pagedList } from '../shared/paging.ts';
import { execCommand } from './app-exec.ts';
import { DEFAULT_EXEC_TIMEOUT, DEFAULT_PORT, deployDefault, newApp, START_MS } from './app-factory.ts';
import { listDirectory, readFile, sizeBytes, uploadedFiles, writeFile } from './app-files.ts';
import { appendLog, readLogs } from './app-logs.ts';
import { type BuilderAppRecord, DEFAULT_RESOURCES, toBuilder } from './app-record.ts';
import { builderSshHandlers } from './app-ssh.ts';
import { applyApp } from './app-state.ts';
import { getBuilderSpending } from './spending.ts';

type Settling = Pick<HandlerContext, 'ws' | 'now' | 'config'>;

function app(ctx: Settling, uuid: string): BuilderAppRecord {
  settleBuilders(ctx.ws, ctx.now, ctx.config.baseDomain);
  return findOr404(ctx.ws.builders, uuid, 'App');
}

export const builderHandlers = {
  ...builderSshHandlers,
  getBuilderSpending,

  createBuilder: (ctx) => {
    const { ws, body, now, config } = ctx;
    settleBuilders(ws, now, config.baseDomain);
    const record = newApp({
      slug: ws.slug,
      baseDomain: config.baseDomain,
      name: body.name,
      files: uploadedFiles(body.files),
      entrypoint: body.entrypoint,
      port: body.port ?? DEFAULT_PORT,
      job_type: body.job_type ?? 'always_on',
      resources: { ...DEFAULT_RESOURCES, ...body.resources },
      env: { ...body.env },
      auto_stop_interval: 0,
      backup_interval_hours: body.backup_interval_hours ?? 0,
      at: now,
      agent_uuid: null,
    });
    ws.builders.push(record);
    return { status: 201, body: { success: true, message: 'Builder created successfully', data: toBuilder(record, now, ctx.host) } };
  },

  listBuilders: (ctx) => {
    const { ws, query, now, config } = ctx;
    settleBuilders(ws, now, config.baseDomain);
    const all = ws.builders
      .map((record, index) => ({ record, index }))
      .filter(({ record }) => query.status === undefined || record.life.status === query.status)
      .sort((a, b) => b.record.created_at.getTime() - a.record.created_at.getTime() || b.index - a.index)
      .map(({ record }) => record);
    const page = pagedList(all, query.page, query.per_page);
    return { status: 200, body: { success: true, message: 'Apps retrieved', data: { ...page, data: page.data.map((r) => toBuilder(r, now, ctx.host)) } } };
  },

  getBuilder: (ctx) => {
    const record = app(ctx, ctx.path.uuid);
    return { status: 200, body: { success: true, message: 'App retrieved', data: toBuilder(record, ctx.now, ctx.host) } };
  },

  startBuilder: (ctx) => {
    const record = app(ctx, ctx.path.uuid);
    applyApp(record, { type: 'start', at: ctx.now, deploy: deployDefault(record.files, record.entrypoint, START_MS) });
    appendLog(record, ctx.now, 'system', `Starting app: ${record.entrypoint}`);
    return { status: 200, body: { success: true, message: 'App starting', data: toBuilder(record, ctx.now, ctx.host) } };
  },

  stopBuilder: (ctx) => {
    const record = app(ctx, ctx.path.uuid);
    // The `builder-stop-ignored` fault answers as if stopped and leaves a running app running.
    if (ctx.faults.has('builder-stop-ignored') && record.life.status === 'running') {
      return { status: 200, body: { success: true, message: 'App stopped', data: { ...toBuilder(record, ctx.now, ctx.host), status: 'stopped' as const } } };
    }
    applyApp(record, { type: 'stop', at: ctx.now });
    appendLog(record, ctx.now, 'system', 'App stopped on request');
    return { status: 200, body: { success: true, message: 'App stopped', data: toBuilder(record, ctx.now, ctx.host) } };
  },

  updateBuilderAutoStop: (ctx) => {
    const record = app(ctx, ctx.path.uuid);
    applyApp(record, { type: 'set-auto-stop', at: ctx.now, minutes: ctx.body.auto_stop_interval });
    record.updated_at = ctx.now;
    return { status: 200, body: { success: true, message: 'Auto-stop interval updated', data: toBuilder(record, ctx.now, ctx.host) } };
  },

  getBuilderLogs: (ctx) => {
    const record = app(ctx, ctx.path.uuid);
    return { status: 200, body: { success: true, message: 'Logs retrieved', data: readLogs(record, ctx.query.since, ctx.query.limit) } };
  },

  execBuilderCommand: (ctx) => {
    const record = app(ctx, ctx.path.uuid);
    if (record.life.status !== 'running') {
      throw errors.conflict('App is not running', `Commands run only while the app is running; this one is ${record.life.status}.`);
    }
    const result = execCommand(record, ctx.body.command, ctx.body.timeout ?? DEFAULT_EXEC_TIMEOUT, ctx.now);
    return { status: 200, body: { success: true, data: result } };
  },

  listBuilderFiles: (ctx) => {
    const record = app(ctx, ctx.path.uuid);
    // The `builder-files-no-default` fault lists nothing when no path is given.
    if (ctx.query.path === undefined && ctx.faults.has('builder-files-no-default')) return { status: 200, body: { success: true, data: [] } };
    return { status: 200, body: { success: true, data: listDirectory(record.files, ctx.query.path ?? '.') } };
  },

  getBuilderFileContent: (ctx) => {
    const record = app(ctx, ctx.path.uuid);
    const file = readFile(record.files, ctx.query.path);
    return { status: 200, body: { success: true, message: 'File retrieved', data: { path: file.path, content: file.content, size_bytes: sizeBytes(file.content) } } };
  },

  writeBuilderFile: (ctx) => {
    const record = app(ctx, ctx.path.uuid);
    const { file, created } = writeFile(record.files, ctx.body.path, ctx.body.content);
    record.updated_at = ctx.now;
    const data = { path: file.path, content: file.content, size_bytes: sizeBytes(file.content) };
    return created
      ? { status: 201, body: { success: true, message: 'File created', data } }
      : { status: 200, body: { success: true, message: 'File saved', data } };
  },
} satisfies HandlerGroup;
