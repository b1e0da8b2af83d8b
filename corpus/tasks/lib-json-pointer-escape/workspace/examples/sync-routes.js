import { applyPatch, diff } from '../src/index.js';

const running = {
  routes: {
    '/api/users': { upstream: 'users:8080', rateLimit: 100, methods: ['GET'] },
    '/api/orders': { upstream: 'orders:8080', rateLimit: 50, methods: ['GET', 'POST'] },
  },
};

const desired = structuredClone(running);
desired.routes['/api/users'].rateLimit = 200;
desired.routes['/api/users'].methods.push('PUT');

const patch = diff(running, desired);
console.log(JSON.stringify(patch, null, 2));
console.log(JSON.stringify(applyPatch(running, patch), null, 2));
