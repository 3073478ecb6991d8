/**
 * The source of a worker thread that runs a TypeScript module: worker threads do not inherit the
 * parent's tsx loader, so the thread registers it before importing `entry`. Start the thread with
 * `new Worker(tsWorkerSource(url), { eval: true })`.
 */
export function tsWorkerSource(entry: URL): string {
  return `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`;
}
