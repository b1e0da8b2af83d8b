import type { EgressPosture } from '../contracts/probe.js';
import type { Provider } from '../contracts/provider.js';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** A host name without its port; `[::1]:8080` and `localhost:3000` included. */
function hostName(host: string): string {
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.replace(/:\d+$/, '');
}

export function isLoopbackHost(host: string): boolean {
  const name = hostName(host.toLowerCase());
  return LOOPBACK.has(name) || /^127(\.\d{1,3}){3}$/.test(name);
}

/** Every network destination a provider declares, including its HTTP interface's host. */
export function egressHosts(provider: Provider): string[] {
  const hosts = new Set(provider.egress.hosts);
  if (provider.interface.type === 'mcp-http' || provider.interface.type === 'api') {
    const url = new URL(provider.interface.type === 'mcp-http' ? provider.interface.url : provider.interface.baseUrl);
    hosts.add(url.host);
  }
  return [...hosts].sort();
}

/**
 * Where task source could go. A hosted or enterprise provider, one that sends source, or one that
 * reaches a non-loopback host may carry task source off the machine, so it needs an approval that
 * names it before the probe indexes anything or an arm uses it.
 */
export function egressPosture(provider: Provider, approved: boolean): EgressPosture {
  const hosts = egressHosts(provider);
  const remote = hosts.some((host) => !isLoopbackHost(host));
  const posture = remote ? 'remote' : hosts.length > 0 ? 'loopback' : 'none';
  const needsApproval = provider.mode !== 'local' || provider.egress.sendsSource || remote;
  return { posture, hosts, sendsSource: provider.egress.sendsSource, needsApproval, approved };
}
