/**
 * `npm run admin:password`: sets a new password for the administrator (ADMIN_USERNAME, or the
 * username given as `--user <name>`). The password is read from standard input (piped) or asked
 * for on the terminal without echo; never from the command line, where `ps` and shell history
 * would show it. Every session of the account ends.
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { openRecord } from '../data/src/record.ts';
import { loadBackendConfig } from '../backend/src/config.ts';
import { AdminAccountRepository } from '../backend/src/db/admin-account-repository.ts';
import { AdminAccounts } from '../backend/src/services/admin-accounts.ts';
import { recordAudit } from '../backend/src/services/audit-log.ts';

/** Reads one line: from a pipe as is, from a terminal with the typed characters hidden. */
async function readSecretLine(prompt: string): Promise<string> {
  const isTerminal = process.stdin.isTTY === true;
  let isMuted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!isMuted) process.stdout.write(chunk);
      done();
    },
  });
  const reader = createInterface({ input: process.stdin, output: isTerminal ? output : undefined, terminal: isTerminal });
  if (isTerminal) process.stdout.write(prompt);
  isMuted = true;
  const line = await new Promise<string>((resolve, reject) => {
    reader.once('line', resolve);
    reader.once('close', () => reject(new Error('No password was given on standard input')));
  });
  reader.close();
  if (isTerminal) process.stdout.write('\n');
  return line;
}

async function main(args: string[]): Promise<void> {
  const config = loadBackendConfig();
  const userFlag = args.indexOf('--user');
  const username = userFlag >= 0 ? args[userFlag + 1] : config.adminUsername;
  if (!username) throw new Error('--user needs a username');
  const password = await readSecretLine(`New password for "${username}" (at least 12 characters): `);
  if (process.stdin.isTTY) {
    const again = await readSecretLine('Repeat it: ');
    if (again !== password) throw new Error('The two passwords differ; nothing was changed');
  }
  const record = openRecord(config.recordFile);
  try {
    await new AdminAccounts(new AdminAccountRepository(record)).changePassword(username, password);
    recordAudit(record, { action: 'password.change', target: username, result: 'success', detail: { code: 'password_set_from_command_line', params: {} } });
  } finally {
    record.close();
  }
  console.log(`The password of "${username}" was changed; its sessions were ended.`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
