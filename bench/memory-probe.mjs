// Loaded into the API by bench/memory.ts (`node --import`): answers "memory" on the IPC channel
// with the process's own process.memoryUsage(), which no other process can read. It does not
// keep the process alive.
process.channel?.unref();
process.on('message', (message) => {
  if (message === 'memory') process.send?.(process.memoryUsage());
});
