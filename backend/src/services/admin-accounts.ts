import type { AdminAccountRepository, AdminUserRow } from '../db/admin-account-repository.ts';
import { generatePassword, hashPassword, passwordProblem, verifyPassword } from './password.ts';

export type BootstrapOutcome = 'created-from-env' | 'updated-from-env' | 'unchanged' | 'generated';

/** The administrator account: created at first start, checked at login, changed from the command line. */
export class AdminAccounts {
  /** Verified against when the username is unknown, so both answers cost one hash. */
  private dummyHash: Promise<string> | null = null;

  constructor(private readonly repository: AdminAccountRepository) {}

  /**
   * Makes sure the account `username` exists. With `password` (ADMIN_PASSWORD) it is created or
   * set to it; without, a missing account gets a generated password, which `announce` prints once.
   */
  async bootstrap(username: string, password: string | undefined, announce: (lines: string[]) => void): Promise<BootstrapOutcome> {
    const existing = this.repository.findUser(username);
    if (password !== undefined) {
      const problem = passwordProblem(password, username);
      if (problem) throw new Error(`ADMIN_PASSWORD ${problem}`);
      if (!existing) {
        this.repository.createUser(username, await hashPassword(password));
        return 'created-from-env';
      }
      if (await verifyPassword(password, existing.password_hash)) return 'unchanged';
      this.repository.changePassword(username, await hashPassword(password));
      return 'updated-from-env';
    }
    if (existing) return 'unchanged';
    const generated = generatePassword();
    this.repository.createUser(username, await hashPassword(generated));
    announce([
      '──────────────────────────────────────────────────────────────',
      'An administrator account was created (shown this once only):',
      `  username: ${username}`,
      `  password: ${generated}`,
      'Sign in at /admin/login. Change the password with `npm run admin:password`,',
      'or set ADMIN_PASSWORD (at least 12 characters) before the next start.',
      '──────────────────────────────────────────────────────────────',
    ]);
    return 'generated';
  }

  /** The account when `password` is right; null otherwise (unknown users cost the same hash). */
  async verify(username: string, password: string): Promise<AdminUserRow | null> {
    const user = this.repository.findUser(username);
    if (!user) {
      this.dummyHash ??= hashPassword(generatePassword());
      await verifyPassword(password, await this.dummyHash);
      return null;
    }
    return (await verifyPassword(password, user.password_hash)) ? user : null;
  }

  /** Sets a new password (ending every session of the account); throws when it is too weak or the user unknown. */
  async changePassword(username: string, password: string): Promise<void> {
    const problem = passwordProblem(password, username);
    if (problem) throw new Error(`The new password ${problem}`);
    if (!this.repository.changePassword(username, await hashPassword(password))) {
      throw new Error(`There is no administrator named "${username}"`);
    }
  }
}
