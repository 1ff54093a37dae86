import { startTestService } from './support/service.ts';
const svc = await startTestService();
for (const url of ['/health', '/healthz', '/dashboard*', '/dashboard/*']) console.log(url, svc.app.hasRoute({ method: 'GET', url }));
console.log((await svc.call('GET', '/health')).status);
await svc.close();
