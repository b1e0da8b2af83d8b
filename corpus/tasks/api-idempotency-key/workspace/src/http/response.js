/** Sets the JSON answer on the context; `send` writes it once the pipeline is done. */
export function respond(ctx, status, body) {
  ctx.status = status;
  ctx.response = body;
}

export function send(ctx) {
  const { res } = ctx;
  if (res.headersSent) return;
  const payload = ctx.response === null ? '' : JSON.stringify(ctx.response);
  res.statusCode = ctx.status;
  for (const [name, value] of Object.entries(ctx.responseHeaders)) res.setHeader(name, value);
  if (payload) res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('content-length', Buffer.byteLength(payload));
  res.end(payload);
}
