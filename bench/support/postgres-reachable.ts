// Whether a benchmark's PostgreSQL answers: its cells on PostgreSQL are skipped, with a line saying so, when it does not.
import pg from 'pg';

export async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
