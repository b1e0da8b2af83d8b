/**
 * Identifies the caller for quota purposes: the API key when one is sent,
 * otherwise the peer address.
 */
export function clientKey() {
  return async (req, _res, next) => {
    const apiKey = req.headers['x-api-key'];
    req.clientKey = typeof apiKey === 'string' && apiKey.trim() !== ''
      ? `key:${apiKey.trim()}`
      : `ip:${req.socket.remoteAddress ?? 'unknown'}`;
    await next();
  };
}
