// Bench only (node --expose-gc --require): SIGWINCH runs a full garbage collection and says so, so that
// memory is read without the garbage of earlier requests (SIGUSR2 would close the app: close-with-grace).
let collections = 0;
process.on("SIGWINCH", () => {
  globalThis.gc?.();
  collections += 1;
  process.stdout.write(`bench-gc-done ${collections}\n`);
});
